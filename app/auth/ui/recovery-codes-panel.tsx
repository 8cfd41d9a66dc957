import { useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { Icon } from "~/ui/icon";
import { toast } from "~/ui/toast/store";

/** Recovery codes just made: shown this once, to copy or download, until the member says they are kept. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  const text = `${codes.join("\n")}\n`;
  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(url);
  }
  return (
    <div className="grid gap-3 rounded-lg border border-dashed p-4" data-testid="recovery-codes">
      <div className="grid gap-1">
        <h3 className="font-bold">{t("auth.secondFactor.codesTitle")}</h3>
        <p className="text-sm text-muted-foreground">{t("auth.secondFactor.codesHint")}</p>
      </div>
      <ul dir="ltr" className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(text)
              .then(() => toast({ title: t("auth.secondFactor.copied"), variant: "success" }))
          }
        >
          <Icon name="copy" />
          {t("auth.secondFactor.copy")}
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          <Icon name="file-text" />
          {t("auth.secondFactor.download")}
        </Button>
        <Button size="sm" onClick={onDone} data-testid="recovery-codes-done">
          {t("auth.secondFactor.codesDone")}
        </Button>
      </div>
    </div>
  );
}
