import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { Field } from "~/ui/field";
import { element, elements, parseHtml, textOf } from "../helpers/html";

/** Every id the control's aria-describedby names exists, and every hint or error shown is named. */
function wiring(markup: string, control: "input" | "textarea" | "select" = "input") {
  const root = parseHtml(markup);
  const input = element(root, control);
  const byId = (id: string) => elements(root, "p", { id })[0];
  const named = String(input.properties.ariaDescribedBy ?? "")
    .split(/[ ,]/)
    .filter(Boolean);
  return {
    labelled: element(root, "label").properties.htmlFor?.toString() === input.properties.id,
    missing: named.filter((id) => !byId(id)),
    described: named.map((id) => (byId(id) ? textOf(byId(id)!) : undefined)),
    invalid: input.properties.ariaInvalid === undefined ? null : String(input.properties.ariaInvalid),
  };
}

describe("Field", () => {
  test.each([
    ["hint only", { hint: "Shown in the footer." }, ["Shown in the footer."], null],
    ["error only", { error: "Required" }, ["Required"], "true"],
    [
      "hint and error: the error replaces the hint",
      { hint: "Shown in the footer.", error: "Required" },
      ["Required"],
      "true",
    ],
    ["neither", {}, [], null],
  ])("%s", (_, props: { hint?: string; error?: string }, described, invalid) => {
    const result = wiring(
      renderToStaticMarkup(
        <Field label="Site name" {...props}>
          <input />
        </Field>,
      ),
    );
    expect(result).toEqual({ labelled: true, missing: [], described, invalid });
  });

  test("a control placed by a function, a textarea and a select are wired alike", () => {
    const controls = [
      [
        "input",
        (control: object) => (
          <span>
            <input {...control} />
          </span>
        ),
      ],
      ["textarea", <textarea key="t" />],
      ["select", <select key="s" />],
    ] as const;
    for (const [selector, control] of controls) {
      const result = wiring(
        renderToStaticMarkup(
          <Field label="Message" hint="Plain text." error="Too long">
            {control}
          </Field>,
        ),
        selector,
      );
      expect(result).toEqual({ labelled: true, missing: [], described: ["Too long"], invalid: "true" });
    }
  });
});
