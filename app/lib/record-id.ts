// Every record's id (`_id` on the wire) is a UUID. An id of any other shape can never match a
// record, so it is answered as "not found" here and never reaches PostgreSQL (where a malformed
// uuid is an error, not an empty result).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` can be a record's id. */
export const isRecordId = (value: unknown): value is string => typeof value === "string" && UUID.test(value);
