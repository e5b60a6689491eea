// Messages shared by every feature (the legacy API contract "Rules for every endpoint").

/** A save refused because someone else changed the record since it was read (README difference 20). */
export const STALE_RECORD_MESSAGE = "This record was changed by someone else. Reload and try again.";

/** 500 answers never show internals. */
export const FAULT_MESSAGE = "Something went wrong";
