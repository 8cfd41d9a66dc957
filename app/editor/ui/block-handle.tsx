import type { Editor } from "@tiptap/react";
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { useT } from "~/i18n/use-t";
import { cn } from "~/ui/cn";
import type { Dir } from "../direction";

/** The screen rectangles of the document's top-level blocks, in order. */
function blockRects(editor: Editor): DOMRect[] {
  const { view } = editor;
  const rects: DOMRect[] = [];
  view.state.doc.forEach((_node, offset) => {
    const dom = view.nodeDOM(offset);
    rects.push(dom instanceof HTMLElement ? dom.getBoundingClientRect() : new DOMRect());
  });
  return rects;
}

/** The block under the height `y`, or the nearest one. */
function blockAt(rects: DOMRect[], y: number): number {
  let best = -1;
  let distance = Infinity;
  rects.forEach((rect, index) => {
    const away = y < rect.top ? rect.top - y : y > rect.bottom ? y - rect.bottom : 0;
    if (away < distance) [best, distance] = [index, away];
  });
  return best;
}

/** The gap between blocks nearest to `y` (0 before the first, `rects.length` after the last). */
function gapAt(rects: DOMRect[], y: number): number {
  return rects.filter((rect) => rect.top + rect.height / 2 < y).length;
}

interface Drag {
  from: number;
  gap: number;
  /** Where the line showing the gap stands, from the frame's top. */
  line: number;
  /** The dragged block's top, where the handle stays while it is dragged. */
  top: number;
}

/**
 * The handle beside the block under the mouse, on the text's start side (the right in right-to-left text): dragged,
 * it moves the block to where it is let go, a line showing where; Escape cancels. Loaded when a mouse first moves
 * over the editor (./rich-editor.tsx); touch has the keys and the toolbar instead (Alt+Shift+↑/↓ moves a block).
 */
export default function BlockHandle({
  editor,
  dir,
  move,
}: {
  editor: Editor;
  dir: Dir;
  /** Moves the top-level block at `from` to index `to` (../block-moves.ts, given by the editor: see slash-menu). */
  move: (from: number, to: number) => void;
}) {
  const t = useT();
  const layer = useRef<HTMLDivElement>(null);
  // The block under the mouse and its top, from the frame's top.
  const [hovered, setHovered] = useState<{ index: number; top: number } | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);

  // The block under the mouse, followed while it moves over the editor's frame; a change hides the handle until the
  // mouse moves again (the blocks moved).
  useEffect(() => {
    const area = layer.current?.parentElement;
    if (!area) return;
    const top = () => layer.current?.getBoundingClientRect().top ?? 0;
    let pending = 0;
    const onMove = (event: PointerEvent) => {
      if (event.pointerType === "touch" || pending) return;
      const y = event.clientY;
      pending = requestAnimationFrame(() => {
        pending = 0;
        const rects = blockRects(editor);
        const index = blockAt(rects, y);
        setHovered(index < 0 ? null : { index, top: rects[index]!.top - top() });
      });
    };
    const onLeave = () => setHovered(null);
    const hide = () => setHovered(null);
    area.addEventListener("pointermove", onMove);
    area.addEventListener("pointerleave", onLeave);
    editor.on("update", hide);
    return () => {
      cancelAnimationFrame(pending);
      area.removeEventListener("pointermove", onMove);
      area.removeEventListener("pointerleave", onLeave);
      editor.off("update", hide);
    };
  }, [editor]);

  useEffect(() => {
    if (!drag) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      event.stopPropagation();
      setDrag(null);
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [drag]);

  const gapAtY = (from: number, at: number, y: number): Drag => {
    const top = () => layer.current?.getBoundingClientRect().top ?? 0;
    const rects = blockRects(editor);
    const gap = gapAt(rects, y);
    const edge = gap < rects.length ? rects[gap]!.top : (rects.at(-1)?.bottom ?? 0);
    return { from, gap, line: edge - top(), top: at };
  };
  const start = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (!hovered || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag(gapAtY(hovered.index, hovered.top, event.clientY));
  };
  const follow = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (!drag) return;
    const next = gapAtY(drag.from, drag.top, event.clientY);
    if (next.gap !== drag.gap) setDrag(next);
  };
  const drop = () => {
    if (!drag) return;
    setDrag(null);
    // Let go in the gap before block `gap`: once the block is taken out, later gaps are one place earlier.
    const to = drag.gap > drag.from ? drag.gap - 1 : drag.gap;
    move(drag.from, to);
    editor.commands.focus();
  };

  return (
    <div ref={layer} dir={dir} className="pointer-events-none absolute inset-0 z-[5]" data-testid="block-handle-layer">
      {hovered ? (
        <button
          type="button"
          tabIndex={-1}
          aria-label={t("editor.block.drag")}
          title={t("editor.block.drag")}
          onPointerDown={start}
          onPointerMove={follow}
          onPointerUp={drop}
          onPointerCancel={() => setDrag(null)}
          className={cn(
            "pointer-events-auto absolute start-0.5 flex h-6 w-4 touch-none items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground sm:start-1",
            drag ? "cursor-grabbing bg-accent" : "cursor-grab",
          )}
          style={{ top: (drag ? drag.top : hovered.top) + 2 }}
          data-testid="block-handle"
        >
          <svg viewBox="0 0 8 14" className="h-3.5 w-2" fill="currentColor" aria-hidden>
            {[1, 7, 13].flatMap((y) => [1, 7].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.2" />))}
          </svg>
        </button>
      ) : null}
      {drag && drag.gap !== drag.from && drag.gap !== drag.from + 1 ? (
        <div
          aria-hidden
          className="absolute inset-x-4 h-0.5 -translate-y-1/2 rounded bg-primary"
          style={{ top: drag.line }}
          data-testid="block-drop-line"
        />
      ) : null}
    </div>
  );
}
