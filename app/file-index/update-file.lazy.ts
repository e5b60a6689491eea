// What the file index fetches when a file is first opened for update (routes/rackadmin.tsx): the
// dialog, whose form the update page also draws. A module of its own, so the bundler keeps it out
// of the list page without warning that the update page imports it too.
export { UpdateFileDialog } from "#app/file-index/update-file.tsx";
