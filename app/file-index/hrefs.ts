// The file index's addresses.

export const rackAnchor = (rackName: string) => `rack-${rackName}`;
/** Where to go back to a rack: the list with that rack (and its cupboard) open. */
export const rackHref = (rackName: string) => `/rackadmin?open=${rackName}#${rackAnchor(rackName)}`;
/** The Update File page of a file; its confirmation page to delete is this plus `/delete`. */
export const fileHref = (rackName: string, fileId: string) => `/rackadmin/racks/${rackName}/${fileId}`;
