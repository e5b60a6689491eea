import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requirePermission } from "#app/auth/session.server.ts";
import { useCan } from "#app/auth/use-can.ts";
import { db } from "#app/db/client.server.ts";
import { formatDateTimeGB } from "#app/lib/dates.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { readForm } from "#app/lib/http.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { listOutbox, sendAgain } from "#app/mail/outbox.server.ts";
import { mailNotReadyReason, OUTBOX_STATUS_LABELS, sendAgainSchema } from "#app/mail/rules.ts";
import { sendMailSoon } from "#app/mail/send-job.server.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { FormError, RowAction } from "#app/ui/form.tsx";
import { ColumnHeads, EmptyRow, PageHead, WholeTable } from "#app/ui/list/page.tsx";
import { pageTitle } from "#app/ui/page-head.ts";

// /settings/outbox (settings area): the last 200 e-mails, queued, sent or failed with the SMTP
// server's answer, and "Send again" for any of them.
export const meta = pageTitle("Outbox");

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "settings");
  const settings = serverSettings();
  const zone = settings.PLANT_TIME_ZONE;
  const rows = await listOutbox(db);
  return {
    offReason: mailNotReadyReason(settings),
    rows: rows.map((row) => ({
      id: row.id,
      kind: row.kind === "test" ? "Test" : row.kind === "backup" ? "Backup failed" : "Daily digest",
      recipient: row.recipient,
      subject: row.subject,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: formatDateTimeGB(row.createdAt, zone),
      when:
        row.status === "sent" && row.sentAt
          ? { words: "Sent {at}", at: formatDateTimeGB(row.sentAt, zone) }
          : row.status === "queued" && row.attempts > 0
            ? { words: "Next try {at}", at: formatDateTimeGB(row.nextAttemptAt, zone) }
            : null,
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "settings");
  const form = await readForm(request);
  const submission = parseSubmission(form, sendAgainSchema);
  if (submission.status !== "success") return data({ error: "Choose a message to send again." }, 400);
  if (!(await sendAgain(db, submission.value.id, user.id)))
    return data({ error: "That message is no longer in the outbox." }, 404);
  await sendMailSoon();
  return redirectWithToast("/settings/outbox", { type: "success", message: "The message is queued again." });
}

export default function OutboxPage() {
  const { rows, offReason } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const mayChange = useCan()("settings");
  const { _ } = useLingui();
  return (
    <section className="page" aria-labelledby="outbox-title">
      <PageHead id="outbox-title" title={_("Outbox")}>
        <Link to="/settings">{_("Back to settings")}</Link>
      </PageHead>
      {offReason ? <p className="hint">{_(offReason)}</p> : null}
      <FormError errors={answer?.error ? [answer.error] : undefined} />
      <WholeTable label="Outbox">
        <ColumnHeads
          columns={["Queued", "To", "Subject", "Kind", "Status", "Attempts", "Error", mayChange && "Action"]}
        />
        <tbody>
          {rows.length === 0 ? (
            <EmptyRow columns={mayChange ? 8 : 7}>{_("No e-mails yet.")}</EmptyRow>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                <td>{row.createdAt}</td>
                <td>{row.recipient}</td>
                <td>{row.subject}</td>
                <td>{_(row.kind)}</td>
                <td className={row.status === "failed" ? "status-bad" : undefined}>
                  {_(OUTBOX_STATUS_LABELS[row.status])}
                  {row.when ? <div className="hint">{_(row.when.words, { at: row.when.at })}</div> : null}
                </td>
                <td>{row.attempts}</td>
                <td>{row.lastError ?? ""}</td>
                {mayChange ? (
                  <td>
                    <RowAction intent="send-again" fields={{ id: row.id }} pendingText="Queuing...">
                      Send again
                    </RowAction>
                  </td>
                ) : null}
              </tr>
            ))
          )}
        </tbody>
      </WholeTable>
    </section>
  );
}
