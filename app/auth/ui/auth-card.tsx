import type { ReactNode } from "react";
import { cn } from "~/ui/cn";

/** The frame of the login and register pages: a centred card with a title and a description. */
export function AuthCard({
  title,
  description,
  children,
  wide = false,
}: {
  title: string;
  description: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <section className={cn("mx-auto grid w-full gap-6 py-6", wide ? "max-w-xl" : "max-w-md")}>
      <header className="grid gap-2 text-center">
        <h1 className="text-3xl font-black tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{description}</p>
      </header>
      <div className="grid gap-5 rounded-xl border bg-card p-6 shadow-sm">{children}</div>
    </section>
  );
}
