import os from "node:os";

// Log lines an operator can read side by side from several instances (journald, a file per
// instance, one terminal): each starts with the time and the instance that wrote it.

/** The instance in a log line: its host and port (two instances on one host differ by port). */
export const instanceName = () => `${os.hostname()}:${process.env.PORT ?? "3000"}`;

/** `2026-11-26T08:00:00.000Z plant-server:3000 message` */
export const logPrefix = () => `${new Date().toISOString()} ${instanceName()}`;

export function logInfo(message: string) {
  console.log(`${logPrefix()} ${message}`);
}

export function logWarning(message: string) {
  console.warn(`${logPrefix()} ${message}`);
}

export function logFault(message: string) {
  console.error(`${logPrefix()} ${message}`);
}
