import { getFormProps, useForm } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requirePermission } from "#app/auth/session.server.ts";
import { rescheduleBackup } from "#app/backups/nightly-job.server.ts";
import {
  backupStatus,
  getBackupSettings,
  listBackups,
  runBackup,
  saveBackupSettings,
} from "#app/backups/run.server.ts";
import { backupSettingsSchema } from "#app/backups/schema.ts";
import { formatDateTimeGB } from "#app/lib/dates.ts";
import { backupDir, serverSettings } from "#app/lib/env.server.ts";
import { readForm } from "#app/lib/http.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { sendMailSoon } from "#app/mail/send-job.server.ts";
import { requestSay } from "#app/settings/say.server.ts";
import { InputField } from "#app/ui/form/input-field.tsx";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { FormError, SubmitButton } from "#app/ui/form.tsx";
import { ColumnHeads, EmptyRow, PageHead, WholeTable } from "#app/ui/list/page.tsx";
import { pageTitle } from "#app/ui/page-head.ts";

// /settings/backups (admins: the settings area's write access): the last backup, the kept ones
// with their download links, "Back up now", and the nightly backup's time and retention.
export const meta = pageTitle("Backups");

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "settings", "write");
  const env = serverSettings();
  const zone = env.PLANT_TIME_ZONE;
  const status = await backupStatus();
  return {
    dir: backupDir(env),
    settings: await getBackupSettings(),
    failure: status.failure
      ? { at: formatDateTimeGB(status.failure.at, zone), message: status.failure.message }
      : null,
    stale: status.stale,
    kept: listBackups().map((backup) => ({
      name: backup.name,
      size: megabytes(backup.bytes),
      takenAt: formatDateTimeGB(backup.takenAt, zone),
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "settings", "write");
  const form = await readForm(request);
  if (form.get("intent") === "back-up-now") {
    const outcome = await runBackup("now", user.id);
    const say = await requestSay(request, user, ["backups"]);
    if (!outcome.ok) {
      await sendMailSoon();
      // The reason is the system's own (a disk's, the database's): kept as it came.
      return data({ backupError: say("The backup failed: {reason}", { reason: outcome.message }) }, 500);
    }
    return redirectWithToast("/settings/backups", {
      type: "success",
      message: say("Backed up: {file} ({size}, {seconds} s).", {
        file: outcome.file.split("/").pop() ?? "",
        size: megabytes(outcome.bytes),
        seconds: outcome.seconds.toFixed(1),
      }),
    });
  }
  const submission = parseSubmission(form, backupSettingsSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, 400);
  await saveBackupSettings(submission.value, user.id);
  await rescheduleBackup();
  return redirectWithToast("/settings/backups", { type: "success", message: "Backup settings saved." });
}

export default function BackupsPage() {
  const { dir, settings, failure, stale, kept } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: answer && "result" in answer ? answer.result : undefined,
    defaultValue: {
      ...settings,
      daily: String(settings.daily),
      weekly: String(settings.weekly),
      monthly: String(settings.monthly),
    },
    onValidate: ({ formData }) => parseSubmission(formData, backupSettingsSchema),
    shouldValidate: "onBlur",
  });
  const last = kept[0];
  const { _ } = useLingui();
  return (
    <section className="page" aria-labelledby="backups-title">
      <PageHead id="backups-title" title={_("Backups")}>
        <Link to="/settings">{_("Back to settings")}</Link>
      </PageHead>
      <section aria-labelledby="last-backup-title">
        <h2 id="last-backup-title">{_("Last backup")}</h2>
        <p className={stale ? "status-bad" : undefined}>
          {last
            ? _("{at}, {size}, in {dir}", { at: last.takenAt, size: last.size, dir })
            : _("No backup yet. Backups go to {dir}.", { dir })}
        </p>
        {failure ? (
          <p className="status-bad">
            {_("The backup of {at} failed: {reason}", { at: failure.at, reason: failure.message })}
          </p>
        ) : null}
        <p className="hint">
          {_(
            "A backup on this machine's disk dies with it: set BACKUP_DIR to another disk or a network share, or copy the files off (README, Backups).",
          )}
        </p>
        <Form method="post" className="form">
          <FormError errors={answer && "backupError" in answer ? [answer.backupError] : undefined} />
          <SubmitButton pendingText="Backing up… (a few seconds)" name="intent" value="back-up-now">
            Back up now
          </SubmitButton>
        </Form>
      </section>
      <section aria-labelledby="kept-title">
        <h2 id="kept-title">{_("Kept backups")}</h2>
        <WholeTable label="Kept backups">
          <ColumnHeads columns={["Taken", "Size", "File"]} />
          <tbody>
            {kept.length === 0 ? (
              <EmptyRow columns={3}>{_("No backups yet.")}</EmptyRow>
            ) : (
              kept.map((backup) => (
                <tr key={backup.name}>
                  <td>{backup.takenAt}</td>
                  <td>{backup.size}</td>
                  <td>
                    <a href={`/settings/backups/${backup.name}`} download>
                      {backup.name}
                    </a>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </WholeTable>
      </section>
      <section aria-labelledby="nightly-title">
        <h2 id="nightly-title">{_("Nightly backup")}</h2>
        <Form method="post" className="form" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="settings" />
          <FormError id={form.errorId} errors={form.errors} />
          <InputField label="Time (plant time)" field={fields.time} type="time" required />
          <InputField label="Daily backups kept" field={fields.daily} type="number" required />
          <InputField label="Weekly backups kept" field={fields.weekly} type="number" required />
          <InputField label="Monthly backups kept" field={fields.monthly} type="number" required />
          <SubmitButton pendingText="Saving...">Save</SubmitButton>
        </Form>
      </section>
    </section>
  );
}
