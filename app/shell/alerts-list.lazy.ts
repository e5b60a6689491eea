// What the bell fetches when pressed (bell.tsx): the alerts list, also drawn by the /alerts page.
// A module of its own, so the bundler keeps the list out of every page without warning that the
// /alerts page imports it too.
export { AlertsList } from "#app/shell/alerts-dialog.tsx";
