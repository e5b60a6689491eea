import { schemaFor } from "#app/sop/engine/schema.ts";
import type { FormatDefinition, InputDef, SopData } from "#app/sop/engine/types.ts";
import { itemsOf, recordDateOf, summaryOf } from "#app/sop/engine/values.ts";
import { formats } from "#app/sop/formats/index.ts";
import { MAKES, personName } from "./data.ts";
import { type Random, randomFor, shiftDate } from "./random.ts";

// SOP records built from the format definitions (app/sop/formats), so new formats and new fields
// are picked up without touching the seed. Every record goes through the format's own schema, as a
// save through the app would: if a definition changes so that our data no longer fits, seeding stops
// and says which format and field.

const STATES = ["MH", "GJ", "KA", "MP", "RJ", "TN", "UP", "TS"];
const TRANSPORTERS = [
  "Shree Ganesh Roadlines",
  "Sai Transport Co",
  "Patel Carriers",
  "Om Logistics",
  "Jai Bharat Roadways",
  "Maruti Transport",
  "Balaji Tankers",
  "Mahalaxmi Goods Carriers",
  "Ashoka Transport",
  "New India Roadlines",
];
const DISTRIBUTORS = [
  "Shree Gas Agency, Pune",
  "Sai Gas Service, Satara",
  "Krishna Gas, Nashik",
  "Om Gas Agency, Solapur",
  "Jyoti Gas, Ahmednagar",
  "Laxmi Indane, Kolhapur",
  "Ganesh Gas Service, Sangli",
  "Vishal Gas Agency, Baramati",
  "Mauli Gas, Latur",
  "Plant bulk depot, Uran",
];
const PARTIES = [
  "Lakshmi Engineering Works",
  "Siemens Ltd",
  "Kirloskar Brothers",
  "Shree Fire Services",
  "Patel Engineering Services",
  "Om Sai Fabricators",
  "Bharat Electricals",
  "Sterling Weighing Systems",
  "Head office stores",
  "Regional office",
];
const GOODS = [
  "Filling gun spares",
  "Valve spindles",
  "Conveyor chain",
  "FLP light fittings",
  "Armoured cable drum",
  "Safety shoes",
  "Helmets",
  "Fire hose pipes",
  "DCP refills",
  "Pressure gauges",
  "Compressor spares",
  "Motor for rewinding",
  "Pump for repair",
  "Load cells for calibration",
  "Office stationery",
  "Scrap cylinders",
  "Welding machine",
  "Ladder",
  "Drilling machine",
];
const CHECKPOINTS = [
  "Main gate",
  "Filling shed",
  "Bullet area",
  "Pump house",
  "Compressor house",
  "Tank lorry gantry",
  "Fire water tank",
  "DG room",
  "Stores",
  "Cylinder yard",
  "Perimeter wall (north)",
  "Perimeter wall (south)",
  "Admin building",
  "Weighbridge",
];
const REMARKS = [
  "OK",
  "Found in order",
  "Normal",
  "Checked",
  "No abnormality",
  "Attended",
  "Informed shift in-charge",
];

const vehicleNumber = (random: Random) =>
  `${random.pick(STATES)} ${String(random.int(1, 50)).padStart(2, "0")} ${String.fromCharCode(65 + random.int(0, 25), 65 + random.int(0, 25))} ${String(random.int(1, 9999)).padStart(4, "0")}`;
const time = (random: Random, fromHour = 6, toHour = 21) =>
  `${String(random.int(fromHour, toHour)).padStart(2, "0")}:${String(random.int(0, 11) * 5).padStart(2, "0")}`;

type Context = { random: Random; recordDate: string; today: string; row: number; sequence: number };

function textFor(input: InputDef, { random, sequence, row }: Context): string {
  const name = input.name.toLowerCase();
  if (/lorry|vehicle|truck/.test(name)) return vehicleNumber(random);
  if (name.includes("transporter")) return random.pick(TRANSPORTERS);
  if (input.kind === "signature" || /signature|sign|name$|by$|over$|supervisor|driver/.test(name))
    return personName(random);
  if (/location|distributor/.test(name)) return random.pick(DISTRIBUTORS);
  if (name.includes("invoice")) return `INV/${String(sequence).padStart(6, "0")}-${row + 1}`;
  if (name.includes("erv")) return `ERV${String(random.int(10000, 99999))}`;
  if (name.includes("gatepass")) return `GP/${String(sequence).padStart(5, "0")}/${row + 1}`;
  if (name.includes("challan")) return `MR/${String(sequence).padStart(5, "0")}/${row + 1}`;
  if (name.includes("party")) return random.pick(PARTIES);
  if (name.includes("issuedto")) return random.chance(0.5) ? random.pick(PARTIES) : personName(random);
  if (name.includes("description"))
    return `${random.pick(GOODS)}${random.chance(0.3) ? ` (${random.pick(MAKES)})` : ""}`;
  if (name === "quantity") return `${random.int(1, 40)} ${random.pick(["Nos", "Nos", "Sets", "m", "kg"])}`;
  if (name.includes("area") || name.includes("checkpoint")) return random.pick(CHECKPOINTS);
  if (/remark|observation/.test(name)) return random.chance(0.6) ? random.pick(REMARKS) : "";
  return random.chance(0.5) ? random.pick(REMARKS) : "";
}

function valueFor(input: InputDef, context: Context): unknown {
  const { random, recordDate, today } = context;
  const name = input.name.toLowerCase();
  switch (input.kind) {
    case "date": {
      if (name.includes("expected")) return shiftDate(recordDate, random.int(3, 30));
      if (name === "dateofreturn") {
        // Returnable material: older gate passes mostly came back; recent ones are still out.
        const back = shiftDate(recordDate, random.int(2, 25));
        return back <= today && random.chance(0.75) ? back : "";
      }
      if (name.includes("out")) return random.chance(0.9) ? recordDate : "";
      return recordDate;
    }
    case "time":
      return name.includes("out") ? time(random, 14, 22) : time(random, 6, 13);
    case "datetime":
      return `${recordDate}T${time(random)}`;
    case "number":
      // Tank lorry invoice quantity, whole kg. (Not 3 decimals: the engine's decimal check compares
      // value * 1000 with its rounding, so e.g. 16447.166 is refused; reported to the SOP owner.)
      return random.int(6000, 18000);
    case "count":
      return random.chance(0.3) ? 0 : random.int(1, 360);
    case "choice": {
      const values = (input.choices ?? []).map((choice) => choice.value).filter(Boolean);
      if (values.length === 0 || random.chance(0.03)) return "";
      return random.chance(0.85) ? values[0] : random.pick(values);
    }
    case "yesno":
      return random.chance(0.9);
    case "tick":
      return random.chance(0.95);
    default: {
      const text = textFor(input, context);
      return input.required && !text ? random.pick(REMARKS) : text.slice(0, input.max ?? 200);
    }
  }
}

/** A filled-in record of a format, as a guard would type it on the given date. */
export function recordFor(definition: FormatDefinition, context: Omit<Context, "row">): SopData {
  const { random } = context;
  const at = (input: InputDef, row = 0) => valueFor(input, { ...context, row });
  const data: SopData = {};
  for (const input of [...definition.header, ...definition.footer]) data[input.name] = at(input);
  for (const block of definition.body) {
    if (block.type === "checklist") {
      if (block.store === "keyed") {
        for (const section of block.sections) {
          data[section.key ?? ""] = Object.fromEntries(
            section.items.map((item) => [item.key ?? "", at(block.status)]),
          );
        }
      } else {
        data[block.name ?? "items"] = itemsOf(block).map(() => {
          const item: SopData = { [block.status.name]: at(block.status) };
          if (block.remarks) item[block.remarks.name] = random.chance(0.2) ? at(block.remarks) : "";
          return item;
        });
      }
    } else if (block.type === "register") {
      const count =
        "fixed" in block.rows
          ? block.rows.fixed
          : Math.min(block.rows.max, Math.max(block.rows.min, random.int(1, 6)));
      const columns = block.parts.flatMap((part) => part.columns);
      data[block.name] = Array.from({ length: count }, (_, row) =>
        Object.fromEntries(columns.map((column) => [column.name, at(column, row)])),
      );
    } else {
      data[block.name] = Object.fromEntries(block.items.map((item) => [item.key, random.int(0, 400)]));
    }
  }
  return data;
}

export type SopRow = { format: string; recordDate: string; data: SopData; summary: string };

/** `count` records spread evenly over the formats, dated over the year before `today`. */
export function sopRecordRows(count: number, seed: string, today: string, definitions = formats): SopRow[] {
  const rows: SopRow[] = [];
  definitions.forEach((definition, formatIndex) => {
    const share = Math.floor(count / definitions.length) + (formatIndex < count % definitions.length ? 1 : 0);
    const random = randomFor(`${seed}:sop:${definition.code}`);
    const schema = schemaFor(definition);
    for (let sequence = 1; sequence <= share; sequence++) {
      const recordDate = shiftDate(today, -random.int(0, 365));
      const raw = recordFor(definition, { random, recordDate, today, sequence });
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new Error(
          `The seed's ${definition.code} data no longer fits the format's schema: ${issue.path.join(".")}: ${issue.message}`,
        );
      }
      const data = parsed.data;
      rows.push({
        format: definition.code,
        recordDate: recordDateOf(definition, data) || recordDate,
        data,
        summary: summaryOf(definition, data),
      });
    }
  });
  return rows;
}
