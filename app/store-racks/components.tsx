/** The confirmation page of an item's Delete (the dialog posts there too). */
export const deleteHref = (rackNumber: number, id: string) => `/about/${rackNumber}/${id}/delete`;
