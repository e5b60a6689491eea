import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import type {
  ChartGeometry,
  FillStyle,
  Layer,
  LegendEntry,
  MarkShape,
  StrokeStyle,
} from "#app/charts/geometry.ts";

// Draws a chart the server worked out (app/charts/axes.server.ts): an inline SVG, 100% wide with
// its own viewBox (readable at 360 px), an image to assistive technology named by its title and
// described by its description (role="img", aria-labelledby, aria-describedby), whose figures are
// also in the table beside it.
// Lines differ by dash, bars by fill and marks by shape, so the picture keeps its meaning in
// black and white and for colour-blind readers; charts.css prints every tone black.

const DASH: Record<StrokeStyle, string | undefined> = { solid: undefined, dashed: "6 4", dotted: "2 3" };

// A mark drawn from its point with relative moves: a receipt's triangle points up, an issue's down.
const SHAPE: Record<MarkShape, string> = {
  up: "m0-5l4.5 8h-9z",
  down: "m0 5l4.5-8h-9z",
  dot: "m-3.5 0a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0-7 0",
  bar: "m-2-6h4v12h-4z",
  cross: "m-4-4l8 8m0-8l-8 8",
};

// A time axis's ticks name a month in English ("5 Nov", "Nov 2026"): the month is the catalogue's
// word (namespace "charts"), the day and year stay figures.
const MONTH_WORD = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/;

function fillOf(fill: FillStyle, hatch: string) {
  if (fill === "hatched") return `url(#${hatch})`;
  return fill === "outline" ? "none" : "currentColor";
}

function LayerShapes({ layer, hatch }: { layer: Layer; hatch: string }) {
  switch (layer.kind) {
    case "line":
      return (
        <path
          className={`chart-tone-${layer.tone}`}
          d={layer.d}
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeDasharray={DASH[layer.stroke]}
        />
      );
    case "rule":
      return (
        <g className={`chart-tone-${layer.tone}`}>
          <line
            x1={layer.x1}
            y1={layer.y1}
            x2={layer.x2}
            y2={layer.y2}
            stroke="currentColor"
            strokeWidth={1.5}
            strokeDasharray={DASH[layer.stroke]}
          />
          {layer.label ? (
            <text x={layer.label.x} y={layer.label.y} textAnchor={layer.label.anchor} fill="currentColor">
              {layer.label.text}
            </text>
          ) : null}
        </g>
      );
    case "marks":
      return (
        <path
          className={`chart-tone-${layer.tone}`}
          d={layer.points.map((point) => `M${point.x} ${point.y}${SHAPE[layer.shape]}`).join("")}
          fill={layer.shape === "cross" ? "none" : "currentColor"}
          stroke="currentColor"
          strokeWidth={layer.shape === "cross" ? 2 : 0.5}
        />
      );
    case "bars":
      return (
        <g className={`chart-tone-${layer.tone}`} fill={fillOf(layer.fill, hatch)} stroke="currentColor">
          {layer.bars.map((bar) => (
            <rect key={`${bar.x} ${bar.y}`} x={bar.x} y={bar.y} width={bar.width} height={bar.height} />
          ))}
        </g>
      );
    case "labels":
      return (
        <g fill="currentColor">
          {layer.texts.map((text) => (
            <text key={`${text.x} ${text.y} ${text.text}`} x={text.x} y={text.y} textAnchor={text.anchor}>
              {text.text}
            </text>
          ))}
        </g>
      );
  }
}

/** The legend's swatch: the layer drawn small, so the key reads the same on paper. */
function Swatch({ entry, hatch }: { entry: LegendEntry; hatch: string }) {
  return (
    <svg
      className={`chart-swatch chart-tone-${entry.tone}`}
      viewBox="0 0 24 12"
      aria-hidden="true"
      focusable="false"
    >
      {entry.kind === "bars" ? (
        <rect x="4" y="1" width="16" height="10" fill={fillOf(entry.fill, hatch)} stroke="currentColor" />
      ) : entry.kind === "marks" ? (
        <path
          d={`M12 6${SHAPE[entry.shape]}`}
          fill={entry.shape === "cross" ? "none" : "currentColor"}
          stroke="currentColor"
          strokeWidth={entry.shape === "cross" ? 2 : 0.5}
        />
      ) : (
        <line
          x1="0"
          y1="6"
          x2="24"
          y2="6"
          stroke="currentColor"
          strokeWidth={2}
          strokeDasharray={DASH[entry.stroke]}
        />
      )}
    </svg>
  );
}

const TYPED = { translate: "no" } as object;

export function Chart({
  id,
  title,
  description,
  geometry,
  children,
}: {
  /** Unique on the page: names the title, the description and the hatching pattern. */
  id: string;
  title: string;
  /** What the picture shows, in words: its key figures (they are also in the table). */
  description: string;
  geometry: ChartGeometry;
  /** Said under the picture (e.g. the figures it implies). */
  children?: ReactNode;
}) {
  const { _ } = useLingui();
  const { width, height, plot, xTicks, yTicks, layers, legend } = geometry;
  const hatch = `${id}-hatch`;
  return (
    <figure className="chart" id={id}>
      <svg
        className="chart-svg"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <defs>
          <pattern
            id={hatch}
            patternUnits="userSpaceOnUse"
            width="6"
            height="6"
            patternTransform="rotate(45)"
          >
            <line x1="0" y1="0" x2="0" y2="6" stroke="currentColor" strokeWidth="2" />
          </pattern>
        </defs>
        <g className="chart-axis">
          {yTicks.map((tick) => (
            <g key={`y${tick.at}`}>
              <line x1={plot.left} x2={plot.right} y1={tick.at} y2={tick.at} className="chart-grid" />
              {/* A row's name (a contract's) or a figure: as typed, never translated (React's SVG
                  types lack the global attribute the browser honours). */}
              <text x={plot.left - 4} y={tick.at} dy="0.32em" textAnchor="end" {...TYPED}>
                {tick.label}
              </text>
            </g>
          ))}
          {xTicks.map((tick) => (
            <text key={`x${tick.at}`} x={tick.at} y={plot.bottom + 16} textAnchor="middle">
              {tick.label.replace(MONTH_WORD, (month) => _(month))}
            </text>
          ))}
          <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} stroke="currentColor" />
        </g>
        {layers.map((layer) => (
          <LayerShapes key={layer.name} layer={layer} hatch={hatch} />
        ))}
      </svg>
      {legend.length || children ? (
        <figcaption>
          {legend.length ? (
            <ul className="chart-legend">
              {legend.map((entry) => (
                <li key={entry.name}>
                  <Swatch entry={entry} hatch={hatch} /> {_(entry.name)}
                </li>
              ))}
            </ul>
          ) : null}
          {children}
        </figcaption>
      ) : null}
    </figure>
  );
}
