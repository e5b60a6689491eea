import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// A real SMTP server for tests (smtp-server), receiving into memory: what PlantOps sends is read
// back as the mail server got it. `refuse(n)` answers the next n messages with a temporary error.

export type Received = { from: string; to: string[]; raw: string; subject: string; text: string };

/** Undoes quoted-printable soft breaks and escapes, enough to read a plain-text body. */
function decodeQuotedPrintable(text: string) {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export async function startSmtpServer() {
  const received: Received[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusals > 0) {
          refusals--;
          const error = Object.assign(new Error("451 Try again later: test refusal"), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const [head, ...body] = raw.split(/\r?\n\r?\n/);
        const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((address) => address.address),
          raw,
          subject: /^Subject: (.*)$/im.exec(unfolded)?.[1] ?? "",
          text: /quoted-printable/i.test(head) ? decodeQuotedPrintable(body.join("\n\n")) : body.join("\n\n"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(count: number) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
