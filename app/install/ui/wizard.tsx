import { useCallback, useEffect, useState } from "react";
import { formatNumber } from "~/i18n/format";
import { localizePath, type Locale } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { Icon } from "~/ui/icon";
import { Stepper } from "~/ui/stepper";
import { toast } from "~/ui/toast/store";
import { failureToast, useApi } from "~/ui/use-api";
import { AdminForm } from "./admin-form";
import { DatabaseForm } from "./database-form";
import {
  clearFlags,
  initialFlags,
  readFlags,
  reconcile,
  writeFlags,
  type ProgressFlags,
  type ServerProgress,
} from "~/install/progress-flags";
import { StatusPanel } from "./status-panel";

export const totalSteps = 5;

export interface DatabaseInfo {
  connected: boolean;
  driver: string;
  url: string;
  version?: string;
  error?: string;
}

interface ConnectionAnswer {
  database?: DatabaseInfo;
  progress?: ServerProgress;
}

/**
 * The five-step installer: database, schema, default data, administrator, finish. Linear: a step is reached
 * only through the previous step's action, never by clicking the stepper, and the server refuses any step
 * whose prerequisites are missing.
 */
type InstallCall = "migrations-run" | "database-loading" | "finish";

export function InstallWizard() {
  const t = useT();
  const locale = useLocale();
  const api = useApi();
  const [flags, setFlagsState] = useState<ProgressFlags>(initialFlags);
  const [database, setDatabase] = useState<DatabaseInfo | undefined>();
  const [checking, setChecking] = useState(true);
  // The installer step whose call is under way, if any.
  const [running, setRunning] = useState<InstallCall | null>(null);
  const migrating = running === "migrations-run";
  const loadingDefaults = running === "database-loading";
  const finishing = running === "finish";

  const setFlags = useCallback((update: (flags: ProgressFlags) => ProgressFlags) => {
    setFlagsState((current) => {
      const next = update(current);
      writeFlags(next);
      return next;
    });
  }, []);

  const applyConnection = useCallback(
    (data: ConnectionAnswer) => {
      setChecking(false);
      setDatabase(data.database);
      const server: ServerProgress = data.progress ?? {
        connected: false,
        migrated: false,
        loaded: false,
        adminLoaded: false,
        installed: false,
      };
      setFlags(() => reconcile(readFlags(), server));
    },
    [setFlags],
  );
  const checkConnection = useCallback(() => fetchConnection(locale).then(applyConnection), [locale, applyConnection]);

  useEffect(() => {
    let live = true;
    void fetchConnection(locale).then((data) => {
      if (live) applyConnection(data);
    });
    return () => {
      live = false;
    };
  }, [locale, applyConnection]);

  const current = flags.currentStep || 1;
  const goTo = (step: number) => setFlags((f) => ({ ...f, currentStep: Math.max(1, Math.min(step, current + 1)) }));

  /**
   * Runs one installer call. A failed step only leaves its flag unset: the panel then shows the not-ready state,
   * and a toast says why.
   */
  const run = async (call: InstallCall, done: (ok: boolean) => void, failure: "error" | "warning" = "error") => {
    setRunning(call);
    const result = await api(`/api/install/${call}`);
    setRunning(null);
    done(result.ok);
    if (!result.ok) toast(failureToast(result, failure));
  };
  const runMigrations = () => run("migrations-run", (ok) => setFlags((f) => ({ ...f, databaseMigrated: ok })));
  const loadDefaults = () => run("database-loading", (ok) => setFlags((f) => ({ ...f, databaseLoaded: ok })));
  const finish = () =>
    run(
      "finish",
      (ok) => {
        if (ok) setFlags((f) => ({ ...f, currentStep: totalSteps }));
      },
      "warning",
    );

  const steps = [
    {
      title: t("install.step.database"),
      description: t("install.step.database.hint"),
      completed: flags.databaseConnected && current > 1,
    },
    { title: t("install.step.schema"), description: t("install.step.schema.hint"), completed: flags.databaseMigrated },
    {
      title: t("install.step.defaults"),
      description: t("install.step.defaults.hint"),
      completed: flags.databaseLoaded,
    },
    { title: t("install.step.admin"), description: t("install.step.admin.hint"), completed: flags.adminLoaded },
    { title: t("install.step.finish"), description: t("install.step.finish.hint"), completed: current === totalSteps },
  ];

  return (
    <div className="grid gap-8 md:grid-cols-[16rem_minmax(0,1fr)]">
      <aside>
        <Stepper steps={steps} current={current} locale={locale} label={t("install.title")} />
      </aside>
      <section className="grid content-start gap-6" data-testid={`install-step-${current}`}>
        <div className="grid gap-1">
          <p className="text-xs text-muted-foreground">
            {t("install.stepOf", { current: formatNumber(current, locale), total: formatNumber(totalSteps, locale) })}
          </p>
          <h2 className="text-xl font-bold">{steps[current - 1]?.title}</h2>
        </div>

        {current === 1 ? (
          <ConnectionStep
            database={database}
            checking={checking}
            onSaved={() => {
              setChecking(true);
              void checkConnection();
            }}
          />
        ) : current === 2 ? (
          <StatusPanel
            tone={flags.databaseMigrated ? "success" : migrating ? "pending" : "idle"}
            title={t(
              flags.databaseMigrated
                ? "install.schema.ok.title"
                : migrating
                  ? "install.schema.running.title"
                  : "install.schema.none.title",
            )}
            description={t(
              flags.databaseMigrated
                ? "install.schema.ok.description"
                : migrating
                  ? "install.schema.running.description"
                  : "install.schema.none.description",
            )}
          />
        ) : current === 3 ? (
          <StatusPanel
            tone={flags.databaseLoaded ? "success" : loadingDefaults ? "pending" : "idle"}
            title={t(
              flags.databaseLoaded
                ? "install.defaults.ok.title"
                : loadingDefaults
                  ? "install.defaults.running.title"
                  : "install.defaults.none.title",
            )}
            description={t(
              flags.databaseLoaded
                ? "install.defaults.ok.description"
                : loadingDefaults
                  ? "install.defaults.running.description"
                  : "install.defaults.none.description",
            )}
          />
        ) : current === 4 ? (
          <AdminForm adminLoaded={flags.adminLoaded} onResult={(ok) => setFlags((f) => ({ ...f, adminLoaded: ok }))} />
        ) : (
          <FinishedNotice />
        )}

        {current < totalSteps ? (
          <nav className="flex flex-wrap items-center gap-2 border-t pt-4" data-testid="install-nav">
            {current > 1 ? (
              <Button variant="outline" onClick={() => goTo(current - 1)}>
                {t("install.button.previous")}
              </Button>
            ) : null}
            <div className="ms-auto flex flex-wrap gap-2">
              {current === 1 && flags.databaseConnected ? (
                <Button onClick={() => goTo(2)}>{t("install.button.start")}</Button>
              ) : null}
              {current === 2 && !flags.databaseMigrated ? (
                <Button loading={migrating} onClick={runMigrations}>
                  {t("install.button.migrate")}
                </Button>
              ) : null}
              {current === 2 && flags.databaseMigrated ? (
                <Button
                  onClick={() => {
                    goTo(3);
                    if (!flags.databaseLoaded) void loadDefaults();
                  }}
                >
                  {t("install.button.defaults")}
                </Button>
              ) : null}
              {current === 3 && !flags.databaseLoaded ? (
                <Button variant="outline" loading={loadingDefaults} onClick={loadDefaults}>
                  {t("install.button.retryDefaults")}
                </Button>
              ) : null}
              {current === 3 && flags.databaseLoaded ? (
                <Button onClick={() => goTo(4)}>{t("install.button.admin")}</Button>
              ) : null}
              {/* The administrator form's own button is this step's one primary action until the account exists. */}
              {current === 4 && flags.adminLoaded ? (
                <Button loading={finishing} onClick={finish}>
                  {t("install.button.finish")}
                </Button>
              ) : null}
            </div>
          </nav>
        ) : null}
      </section>
    </div>
  );
}

/**
 * The connection check. A 503 answer describes the database that could not be reached, so its body is read
 * whatever the status (`callApi` keeps only a failure's message); no answer at all reads as "not connected".
 */
async function fetchConnection(locale: Locale): Promise<ConnectionAnswer> {
  const response = await fetch("/api/install/database-connections", {
    headers: { "X-Locale": locale, Accept: "application/json" },
  }).catch(() => undefined);
  return ((await response?.json().catch(() => ({}))) ?? {}) as ConnectionAnswer;
}

function ConnectionStep({
  database,
  checking,
  onSaved,
}: {
  database?: DatabaseInfo;
  checking: boolean;
  onSaved: () => void;
}) {
  const t = useT();
  if (checking && !database) {
    return <StatusPanel tone="pending" title={t("install.connection.checking")} description="" />;
  }
  const connected = Boolean(database?.connected);
  return (
    <div className="grid gap-6">
      <StatusPanel
        tone={connected ? "success" : "error"}
        title={t(connected ? "install.connection.ok.title" : "install.connection.fail.title")}
        description={t(connected ? "install.connection.ok.description" : "install.connection.fail.description")}
      >
        {database ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t("install.connection.driver")}</dt>
            <dd dir="ltr" className="text-start">
              {database.driver}
            </dd>
            <dt className="text-muted-foreground">{t("install.connection.url")}</dt>
            <dd dir="ltr" className="text-start break-all" data-testid="database-url">
              {database.url}
            </dd>
            {database.version ? (
              <>
                <dt className="text-muted-foreground">{t("install.connection.version")}</dt>
                <dd dir="ltr" className="text-start">
                  {database.version}
                </dd>
              </>
            ) : null}
            {database.error ? (
              <dd dir="ltr" className="col-span-2 text-start text-xs break-all text-destructive">
                {database.error}
              </dd>
            ) : null}
          </dl>
        ) : null}
      </StatusPanel>
      {connected ? null : <DatabaseForm onSaved={onSaved} />}
    </div>
  );
}

function FinishedNotice() {
  const t = useT();
  const locale = useLocale();
  return (
    <div
      className="grid justify-items-start gap-4 rounded-lg border border-success/40 bg-success/5 p-6"
      data-testid="install-finished"
    >
      <Icon name="party-popper" className="size-8 text-success" />
      <h3 className="text-lg font-semibold">{t("install.finish.title")}</h3>
      <p className="text-muted-foreground">{t("install.finish.description")}</p>
      {/* A full load: the whole page changes from the installer to the site. */}
      <a
        href={localizePath("/", locale)}
        className="inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90"
        onClick={clearFlags}
      >
        {t("install.finish.open")}
      </a>
    </div>
  );
}
