// Reads a PDF's page sizes from its bytes, for the tests that print a page to PDF: each page's
// /MediaBox in points (A4 is 595 × 842 portrait, 842 × 595 landscape), rounded to whole points.

export function pdfPageSizes(pdf: Buffer): { width: number; height: number }[] {
  const text = pdf.toString("latin1");
  return [...text.matchAll(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map(
    (box) => ({
      width: Math.round(Number(box[3]) - Number(box[1])),
      height: Math.round(Number(box[4]) - Number(box[2])),
    }),
  );
}
