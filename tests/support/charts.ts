import type { ChartGeometry, Layer } from "#app/charts/geometry.ts";

// Reading a drawn chart back into figures, for the tests that check a chart draws what its table
// says (app/charts, issue 36).

/** A path's vertices, as d3's step curve writes them (M, L, H and V commands), without repeats. */
export function vertices(d: string): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  let x = 0;
  let y = 0;
  for (const [, command, args] of d.matchAll(/([MLHV])([^MLHV]*)/g)) {
    const values = args.split(/[ ,]+/).filter(Boolean).map(Number);
    if (command === "H") x = values[0];
    else if (command === "V") y = values[0];
    else [x, y] = values;
    const previous = out[out.length - 1];
    if (!previous || previous.x !== x || previous.y !== y) out.push({ x, y });
  }
  return out;
}

/** A layer of a chart by its name. */
export function layerNamed<K extends Layer["kind"]>(geometry: ChartGeometry, name: string, kind: K) {
  const layer = geometry.layers.find((candidate) => candidate.name === name);
  if (!layer || layer.kind !== kind) throw new Error(`No ${kind} layer named ${name}`);
  return layer as Extract<Layer, { kind: K }>;
}

/** The quantity a y of the chart stands for, read from its axis (its first and last ticks). */
export function quantityAt(geometry: ChartGeometry, y: number): number {
  const [low, high] = [geometry.yTicks[0], geometry.yTicks[geometry.yTicks.length - 1]];
  const [lowValue, highValue] = [Number(low.label.replace(/,/g, "")), Number(high.label.replace(/,/g, ""))];
  return lowValue + ((low.at - y) / (low.at - high.at)) * (highValue - lowValue);
}

/** The quantity a horizontal bar's width stands for, read from the chart's x axis (0 at its first tick). */
export function quantityOfWidth(geometry: ChartGeometry, width: number): number {
  const [low, high] = [geometry.xTicks[0], geometry.xTicks[geometry.xTicks.length - 1]];
  const [lowValue, highValue] = [Number(low.label.replace(/,/g, "")), Number(high.label.replace(/,/g, ""))];
  return lowValue + (width / (high.at - low.at)) * (highValue - lowValue);
}
