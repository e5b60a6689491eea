/** The file in DATA_DIR saying the registration code was rotated in /settings (read by scripts). */
export const ROTATION_NOTE = "registration-code-rotated.json";
