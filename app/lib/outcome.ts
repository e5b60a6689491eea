// The one answer of a command that can be refused (a save on a stale version, a record gone, the
// last admin): done, with what it gives back, or refused for a reason. The command says why in
// its own words (`reason`, and `message` when the words are the command's); the route decides
// the HTTP status and the page's wording from the reason.

/** A refused command: why (`reason`), and its message when the command words it. */
export type Refused<Reason extends string = string> = { ok: false; reason: Reason; message?: string };

/** Done (`ok: true` with what it gives back) or refused. */
export type Outcome<Done extends object = object, Reason extends string = string> =
  | ({ ok: true } & Done)
  | Refused<Reason>;

/** A refusal the command words itself: its message is what the page or the API says. */
export type WordedRefusal<Reason extends string = string> = Refused<Reason> & { message: string };
