/**
 * Zapping a member (NIP-57): the site reads their wallet's terms, this browser signs a zap request with its
 * key (p tag, e tag for a comment, the relays for the receipt, the amount and lnurl), the site checks it and
 * gets the invoice from the wallet, and the visitor's own wallet pays it: a lightning: link and a QR code.
 * Loads on use.
 */
import qrcode from "qrcode-generator";
import { useId, useMemo, useState, type FormEvent } from "react";
import { asciiDigits } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";
import { loadIdentityMaker, readPrivateKey } from "~/keys/store";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import { Field } from "~/ui/field";
import { Icon } from "~/ui/icon";
import { Input } from "~/ui/input";
import { toast } from "~/ui/toast/store";
import { refused, useApiAction, useApiQuery } from "~/ui/use-api";
import { keySigner } from "~/keys/signer";

export interface ZapTarget {
  userName: string;
  name: string;
  /** The comment's event on the relay, when zapping a comment. */
  eventId?: string | null;
}

interface Terms {
  recipient: { userName: string; displayName: string; pubkey: string };
  lnurl: string;
  minSendable: number;
  maxSendable: number;
}

function Qr({ text, label }: { text: string; label: string }) {
  const cells = useMemo(() => {
    const code = qrcode(0, "L");
    code.addData(text.toUpperCase(), "Alphanumeric");
    code.make();
    const size = code.getModuleCount();
    const dark: [number, number][] = [];
    for (let row = 0; row < size; row++)
      for (let col = 0; col < size; col++) if (code.isDark(row, col)) dark.push([col, row]);
    return { size, dark };
  }, [text]);
  const margin = 4;
  const total = cells.size + margin * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${total} ${total}`}
      className="mx-auto size-56 rounded-lg bg-white"
      shapeRendering="crispEdges"
      data-testid="zap-qr"
    >
      {cells.dark.map(([x, y]) => (
        <rect key={`${x}-${y}`} x={x + margin} y={y + margin} width="1" height="1" fill="#000" />
      ))}
    </svg>
  );
}

export default function ZapDialog({
  open,
  onOpenChange,
  target,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: ZapTarget;
}) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const wallet = useApiQuery<Terms>(open ? `/api/nostr/zap?user=${encodeURIComponent(target.userName)}` : null);
  const terms = wallet.data;
  const [failure, setFailure] = useState<string | null>(null);
  const [amount, setAmount] = useState("21");
  const [comment, setComment] = useState("");
  const action = useApiAction();
  const [invoice, setInvoice] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!terms) return;
    const sats = Number(asciiDigits(amount).trim());
    const min = Math.ceil(terms.minSendable / 1000);
    const max = Math.floor(terms.maxSendable / 1000);
    if (!Number.isSafeInteger(sats) || sats < 1) return setFailure(t("comments.zap.zapAmountInvalid"));
    if (sats < min || sats > max) return setFailure(`${min}–${max}`);
    setFailure(null);
    await action.run(
      async (api) => {
        await (await loadIdentityMaker()).ensureIdentity(locale);
        const secret = readPrivateKey();
        if (!secret) return refused(t("common.error.network"));
        const msats = sats * 1000;
        const relay = `${window.location.origin.replace(/^http/, "ws")}/relay`;
        const tags = [
          ["relays", relay],
          ["amount", String(msats)],
          ["lnurl", terms.lnurl],
          ["p", terms.recipient.pubkey],
        ];
        if (target.eventId) tags.push(["e", target.eventId], ["k", "1111"]);
        const zapRequest = await keySigner(secret).sign({
          kind: 9734,
          created_at: Math.floor(Date.now() / 1000),
          content: comment.trim(),
          tags,
        });
        return api<{ pr: string }>("/api/nostr/zap", {
          body: { user: target.userName, amount: msats, zapRequest: JSON.stringify(zapRequest) },
        });
      },
      {
        success: false,
        revalidate: false,
        onFailure: (result) => setFailure(result.message),
        onSuccess: (data) => setInvoice(data.pr),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("comments.zap.close")} data-testid="zap-dialog">
        <DialogHeader>
          <DialogTitle>
            <Icon name="zap" className="me-1 inline size-5 text-warning" />
            {t("comments.zap.title", { name: target.name })}
          </DialogTitle>
          <DialogDescription>{t("comments.zap.description")}</DialogDescription>
        </DialogHeader>
        {invoice ? (
          <div className="grid gap-4" data-testid="zap-invoice">
            <p className="text-sm">{t("comments.zap.invoiceReady")}</p>
            <Qr text={invoice} label={t("comments.zap.qrLabel")} />
            <div className="flex flex-wrap justify-center gap-2">
              <a
                href={`lightning:${invoice}`}
                className="inline-flex h-10 items-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground"
                data-testid="zap-open-wallet"
              >
                <Icon name="zap" className="size-4" />
                {t("comments.zap.openWallet")}
              </a>
              <Button
                variant="outline"
                onClick={() =>
                  void navigator.clipboard
                    ?.writeText(invoice)
                    .then(() => toast({ title: t("comments.zap.copied"), variant: "success" }))
                    .catch(() => undefined)
                }
              >
                <Icon name="copy" />
                {t("comments.zap.copyInvoice")}
              </Button>
            </div>
            <code dir="ltr" className="block max-h-20 overflow-auto rounded-md bg-muted p-2 text-xs break-all">
              {invoice}
            </code>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate data-testid="zap-form">
            <Field label={t("comments.zap.amount")} error={failure ?? wallet.error?.message}>
              <Input
                id={`${id}-amount`}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                inputMode="numeric"
                dir="ltr"
                className="text-start"
                data-testid="zap-amount"
              />
            </Field>
            <Field label={t("comments.zap.comment")}>
              <Input value={comment} onChange={(e) => setComment(e.target.value)} maxLength={280} dir="auto" />
            </Field>
            <div>
              <Button type="submit" disabled={action.pending || !terms} data-testid="zap-submit">
                <Icon name="zap" />
                {action.pending ? t("comments.zap.gettingInvoice") : t("comments.zap.getInvoice")}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
