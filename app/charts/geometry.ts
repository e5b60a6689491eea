// What a chart draws, as numbers and path strings in its viewBox (docs/decisions/015): the
// loader computes it on the server (app/charts/axes.server.ts, d3-scale and d3-shape) and the
// page's <Chart> only draws it, so no chart maths reaches the browser. Types only: this module
// is shared by the server that fills it and the component that draws it.

/** How a line or a rule is stroked: told apart by dashes, not by colour alone (prints in black). */
export type StrokeStyle = "solid" | "dashed" | "dotted";
/** How a bar is filled: solid, hatched or outlined, so two series differ on a black-and-white page. */
export type FillStyle = "solid" | "hatched" | "outline";
/** A mark's shape: a receipt points up, an issue down; a bar for an end; a cross for what is overdue. */
export type MarkShape = "up" | "down" | "dot" | "bar" | "cross";

export type Tick = { at: number; label: string };

/**
 * A layer's colour on screen, from a palette colour-blind readers tell apart (blue, orange,
 * vermilion, grey); on paper every tone prints black, and the stroke, fill or shape tells.
 */
export type Tone = "main" | "second" | "alert" | "muted";

export type Layer =
  | { kind: "line"; name: string; tone: Tone; d: string; stroke: StrokeStyle }
  | {
      kind: "rule";
      name: string;
      tone: Tone;
      x1: number;
      y1: number;
      x2: number;
      y2: number;
      stroke: StrokeStyle;
      /** Written beside the rule's end, so the picture says what it is without a legend. */
      label?: { x: number; y: number; text: string; anchor: "start" | "middle" | "end" };
    }
  | { kind: "marks"; name: string; tone: Tone; shape: MarkShape; points: { x: number; y: number }[] }
  | {
      kind: "bars";
      name: string;
      tone: Tone;
      fill: FillStyle;
      bars: { x: number; y: number; width: number; height: number }[];
    }
  | {
      kind: "labels";
      name: string;
      texts: { x: number; y: number; text: string; anchor: "start" | "middle" | "end" }[];
    };

/** A legend entry: the layer's name with a swatch drawn as the layer is. */
export type LegendEntry =
  | { name: string; tone: Tone; kind: "line" | "rule"; stroke: StrokeStyle }
  | { name: string; tone: Tone; kind: "marks"; shape: MarkShape }
  | { name: string; tone: Tone; kind: "bars"; fill: FillStyle };

export type ChartGeometry = {
  /** The viewBox; the SVG is 100% wide and keeps this ratio (readable at 360 px). */
  width: number;
  height: number;
  /** The plotting area inside the viewBox. */
  plot: { left: number; top: number; right: number; bottom: number };
  xTicks: Tick[];
  yTicks: Tick[];
  layers: Layer[];
  legend: LegendEntry[];
};

/** A chart as a loader sends it: its geometry with the words that make it an accessible image. */
export type ChartView = { title: string; description: string; geometry: ChartGeometry };
