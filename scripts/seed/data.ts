import { DEFAULT_DUE_SOON_DAYS, PMS_CHOICES, type Pms } from "#app/contracts/rules.ts";
import { RACK_NAMES, type RackName } from "#app/file-index/rules.ts";
import { DEPARTMENTS, type Department } from "#app/spares/rules.ts";
import { RACK_COUNT, rackCategory } from "#app/store-racks/rules.ts";
import { type Random, randomFor, shiftDate } from "./random.ts";

// Realistic, deterministic plant records in the database's own shapes (the tables' insert types).
// Vocabulary from an LPG bottling plant: spares per department, store racks, AMC contracts, files.

export const MAKES = [
  "Siemens",
  "L&T",
  "Schneider",
  "ABB",
  "Havells",
  "SKF",
  "Kirloskar",
  "Crompton",
  "Legrand",
  "BCH",
  "Danfoss",
  "Atlas Copco",
  "Ingersoll Rand",
  "Grundfos",
  "Bosch",
  "Finolex",
  "Polycab",
  "Honeywell",
  "Minimax",
  "Ceasefire",
];

const ASSETS: Record<Department, string[]> = {
  Electrician: [
    "DG Set 1 (500 kVA)",
    "DG Set 2 (250 kVA)",
    "Main LT panel",
    "MCC panel – filling shed",
    "Carousel drive panel",
    "Compressor house",
    "Fire pump house",
    "Street lighting",
    "Transformer 1 (1000 kVA)",
    "Capacitor bank (APFC)",
    "Weighbridge",
    "Valve testing machine",
    "Conveyor line 1",
    "Conveyor line 2",
    "FLP lighting – filling shed",
    "UPS room",
    "Admin building",
    "Evacuation unit",
    "LPG pump motor 1",
    "LPG compressor motor",
    "Tank lorry gantry",
    "Security cabin",
  ],
  FireFight: [
    "Fire water pump 1 (diesel)",
    "Fire water pump 2 (diesel)",
    "Jockey pump",
    "Hydrant ring main",
    "Sprinkler system – filling shed",
    "MVWS – bullets",
    "DCP extinguishers",
    "CO2 extinguishers",
    "Fire alarm panel",
    "Gas monitoring system",
    "Water monitors",
    "Fire water tank",
    "Deluge valves",
    "Foam system",
    "Emergency kit",
  ],
  Technician: [
    "Carousel (24-station)",
    "Electronic filling machine",
    "Check scales",
    "Valve changing machine",
    "Cap sealing machine",
    "LPG compressor 1",
    "LPG compressor 2",
    "LPG pump 1",
    "LPG pump 2",
    "Air compressor",
    "Tank lorry bay",
    "Shrink tunnel",
    "Leak detector",
    "Evacuation unit",
    "Conveyor chain line",
    "Cylinder washing unit",
  ],
};

type Component = { name: string; unit?: "m" | "l" | "kg" };
const COMPONENTS: Record<Department, Component[]> = {
  Electrician: [
    { name: "Contactor 32 A 3-pole" },
    { name: "MCB 16 A C-curve" },
    { name: "MCCB 250 A 4-pole" },
    { name: "Overload relay 10–16 A" },
    { name: "FLP well-glass fitting 70 W" },
    { name: "LED flood light 150 W" },
    { name: "Armoured cable 4C × 16 sq mm", unit: "m" },
    { name: "Armoured cable 3.5C × 95 sq mm", unit: "m" },
    { name: "Copper lugs 16 sq mm" },
    { name: "Timer relay 0–60 s" },
    { name: "Push button (green)" },
    { name: "Indicator lamp 230 V" },
    { name: "Bearing 6205 ZZ" },
    { name: "Bearing 6308 2RS" },
    { name: "Carbon brush set" },
    { name: "Battery 12 V 150 Ah" },
    { name: "HRC fuse 63 A" },
    { name: "Selector switch 3-way" },
    { name: "GI earthing strip 25 × 3", unit: "m" },
    { name: "FLP junction box" },
    { name: "FLP cable gland 20 mm" },
    { name: "VFD 7.5 kW" },
    { name: "Proximity sensor M18" },
    { name: "Limit switch" },
    { name: "AVR card (DG set)" },
    { name: "Insulation tape" },
  ],
  FireFight: [
    { name: "RRL hose pipe 63 mm × 15 m" },
    { name: "Branch pipe with nozzle" },
    { name: "Landing valve (hydrant)" },
    { name: "DCP refill 10 kg" },
    { name: "CO2 refill 4.5 kg" },
    { name: "Sprinkler bulb 68 °C" },
    { name: "Quartzoid bulb 79 °C" },
    { name: "Deluge valve diaphragm" },
    { name: "Gas detector sensor head" },
    { name: "Smoke detector" },
    { name: "Manual call point" },
    { name: "Hooter 24 V" },
    { name: "Fire bucket" },
    { name: "Sand bag" },
    { name: "Gland packing rope", unit: "m" },
    { name: "Diesel engine fuel filter" },
    { name: "Lube oil filter" },
    { name: "Coupling rubber bush" },
    { name: "Pressure gauge 0–16 kg/cm²" },
    { name: "AFFF foam compound", unit: "l" },
    { name: "Fire blanket" },
    { name: "FLP torch" },
    { name: "BA set cylinder" },
    { name: "Diesel", unit: "l" },
  ],
  Technician: [
    { name: "Filling gun nozzle" },
    { name: "Filling head O-ring" },
    { name: "Valve spindle" },
    { name: "Mechanical seal 35 mm" },
    { name: "V-belt B-52" },
    { name: "Air filter element" },
    { name: 'Solenoid valve 1/2"' },
    { name: "Pneumatic cylinder 63 × 100" },
    { name: 'Spiral wound gasket 2"' },
    { name: 'Ball valve 1" FLP' },
    { name: "Safety relief valve" },
    { name: "Excess flow check valve" },
    { name: "Loading arm swivel joint" },
    { name: "Pressure gauge 0–25 kg/cm²" },
    { name: "Grease EP-2", unit: "kg" },
    { name: "Compressor oil", unit: "l" },
    { name: 'Conveyor chain link 1"' },
    { name: "Roller conveyor bearing" },
    { name: "PTFE tape" },
    { name: "Load cell 100 kg" },
    { name: "Piston ring set (compressor)" },
    { name: "Valve plate assembly" },
    { name: 'Hydraulic hose 1/2"', unit: "m" },
  ],
};

export type InventoryRow = {
  department: Department;
  srno: number;
  assets: string;
  componentsAndEquipments: string;
  availableStock: number;
  minStock: number;
  leadTimeDays: number;
};

function quantityFor(random: Random, unit: Component["unit"], max: number) {
  if (unit === "m") return random.decimal(0, max * 10, 3);
  if (unit === "l" || unit === "kg") return random.decimal(0, max * 2, 1);
  return random.int(0, max);
}

/** `count` lines per department, srno 1…count; about one in five below its minimum. */
export function inventoryLines(count: number, seed: string): InventoryRow[] {
  return DEPARTMENTS.flatMap((department) => departmentLines(department, count, seed));
}

/**
 * One department's lines, serial numbers 1…count. Each department draws from its own stream, so
 * the first 1,000 lines of a 100,000-line department are the plant-scale department's lines.
 */
export function departmentLines(department: Department, count: number, seed: string): InventoryRow[] {
  const rows: InventoryRow[] = [];
  const random = randomFor(`${seed}:inventory:${department}`);
  for (let srno = 1; srno <= count; srno++) {
    const component = random.pick(COMPONENTS[department]);
    const make = random.chance(0.6) ? ` (${random.pick(MAKES)})` : "";
    const minStock = component.unit ? quantityFor(random, component.unit, 10) : random.int(1, 20);
    const below = random.chance(0.2);
    const availableStock = below
      ? component.unit
        ? random.decimal(0, minStock, 1)
        : random.int(0, minStock)
      : component.unit
        ? Math.round((minStock + quantityFor(random, component.unit, 20) + 1) * 1000) / 1000
        : minStock + random.int(1, 40);
    rows.push({
      department,
      srno,
      assets: random.pick(ASSETS[department]),
      componentsAndEquipments: `${component.name}${make}${component.unit ? ` [${component.unit}]` : ""}`,
      availableStock,
      minStock,
      leadTimeDays: random.chance(0.2) ? random.int(1, 60) + 0.5 : random.int(1, 90),
    });
  }
  return rows;
}

const RACK_MATERIALS: Record<string, string[]> = {
  "Technician/Kosan": [
    "Kosan valve SC",
    "Valve pin",
    "Valve O-ring (Kosan)",
    "Cap seal roll",
    "Safety cap",
    "Valve guard ring",
    "Spindle assembly",
    "Bung",
    "Neck ring",
    "Foot ring",
  ],
  Technician: [
    "V-belt A-42",
    "Bearing 6204 ZZ",
    "Mechanical seal 25 mm",
    "Gasket sheet 3 mm",
    "Hex bolt M12 × 50",
    "Nut M16",
    "Washer M20",
    "Teflon tape",
    "Grease gun",
    'Hydraulic hose 3/8"',
    "Chain sprocket 15T",
    "Oil seal 40 × 62 × 8",
    'Pipe elbow 1"',
    'Union 1/2"',
  ],
  Electrician: [
    "Cable tie 300 mm",
    "PVC tape",
    "Copper lug 10 sq mm",
    "Contactor 18 A",
    "MCB 10 A",
    "LED tube 20 W",
    "Cable 2.5 sq mm (m)",
    "FLP plug 16 A",
    "Relay 24 V DC",
    "Fuse 10 A",
    "Terminal block 4 mm",
    "Heat-shrink sleeve",
  ],
  "Fire Fighting": [
    "Hose coupling 63 mm",
    "Hose clamp",
    "Sprinkler head",
    "Nozzle 19 mm",
    "DCP cartridge",
    "Extinguisher valve",
    "Safety pin and seal",
    "Gauge for extinguisher",
    "Fire hook",
    "Rubber washer 63 mm",
  ],
};
const SECTIONS = ["A", "B", "C", "D", "E"].flatMap((shelf) =>
  [1, 2, 3].map((bin) => `Shelf ${shelf}-${bin}`),
);

export type RackItemRow = {
  rackNumber: number;
  section: string;
  materialName: string;
  availableStock: number;
  issue: number;
  receipt: number;
  closingStock: number;
};

/** `perRack` items in each of the 24 racks; closing stock = available + receipt − issue ≥ 0. */
export function rackItemRows(perRack: number, seed: string, racks = RACK_COUNT): RackItemRow[] {
  const rows: RackItemRow[] = [];
  for (let rackNumber = 1; rackNumber <= racks; rackNumber++) {
    const random = randomFor(`${seed}:rack:${rackNumber}`);
    const materials = RACK_MATERIALS[rackCategory(rackNumber)];
    for (let index = 0; index < perRack; index++) {
      const availableStock = random.int(0, 120);
      const receipt = random.chance(0.4) ? random.int(1, 50) : 0;
      const issue = random.chance(0.5) ? random.int(0, availableStock + receipt) : 0;
      const material = random.pick(materials);
      rows.push({
        rackNumber,
        section: random.pick(SECTIONS),
        materialName: random.chance(0.5) ? `${material} (${random.pick(MAKES)})` : material,
        availableStock,
        issue,
        receipt,
        closingStock: availableStock + receipt - issue,
      });
    }
  }
  return rows;
}

const EQUIPMENT = [
  "DG set 500 kVA",
  "DG set 250 kVA",
  "Fire water pump (diesel)",
  "Jockey pump",
  "LPG compressor",
  "Air compressor",
  "Weighbridge 60 t",
  "Carousel 24-station",
  "Electronic filling machine",
  "Check scales",
  "Valve changing machine",
  "Gas monitoring system",
  "Fire alarm system",
  "CCTV system",
  "Access control system",
  "Transformer 1000 kVA",
  "HT breaker panel",
  "UPS 20 kVA",
  "Air conditioners (admin)",
  "Shrink tunnel",
  "Leak detection unit",
  "Evacuation unit",
  "Tank lorry loading arms",
  "Lift (admin building)",
  "Water cooler",
  "Pest control",
  "EPABX system",
  "Lightning arrester",
  "Earth pit testing",
  "Sprinkler and MVWS",
];
const COMPANIES = [
  "Kirloskar Oil Engines Ltd",
  "Cummins India Ltd",
  "Atlas Copco India Ltd",
  "Ingersoll Rand India",
  "Avery Weigh-Tronix India",
  "Lakshmi Engineering Works",
  "Shree Fire Services",
  "Siemens Ltd",
  "Schneider Electric India",
  "Honeywell Automation India",
  "Sai Electricals",
  "Voltas Ltd",
  "Blue Star Ltd",
  "Otis Elevator Co (India)",
  "Hindustan Pest Control",
  "Godrej Security Solutions",
  "Sterling Weighing Systems",
  "Patel Engineering Services",
  "Om Sai Fabricators",
  "Bharat Fire Protection",
];
const FIRST = [
  "Ramesh",
  "Suresh",
  "Anil",
  "Sunil",
  "Vijay",
  "Prakash",
  "Sanjay",
  "Rajesh",
  "Mahesh",
  "Deepak",
  "Amit",
  "Rahul",
  "Kiran",
  "Sachin",
  "Nitin",
  "Pooja",
  "Priya",
  "Sneha",
  "Anita",
  "Kavita",
  "Imran",
  "Joseph",
  "Gurpreet",
  "Arjun",
  "Lakshmi",
];
const LAST = [
  "Patil",
  "Sharma",
  "Kulkarni",
  "Deshmukh",
  "Yadav",
  "Singh",
  "Nair",
  "Iyer",
  "Reddy",
  "Shaikh",
  "Joshi",
  "Pawar",
  "Gupta",
  "Menon",
  "Das",
  "Jadhav",
  "Mehta",
  "Khan",
  "Fernandes",
  "Rao",
];

export const personName = (random: Random) => `${random.pick(FIRST)} ${random.pick(LAST)}`;
const PMS_MONTHS: Record<Pms, number> = { Monthly: 1, Quarterly: 3, Yearly: 12, Fortnightly: 0.5 };

export type ContractRow = {
  equipment: string;
  company: string;
  validityFrom: string;
  validityTo: string;
  pms: Pms;
  vendorCode: string;
  contractNumber: string;
  concernedPerson: string;
  mobileNumber: string;
  lastCheckedOn: string;
  nextDueOn: string;
};

/**
 * `count` contracts; one in ten expired (next due before today), one in ten due within the due-soon
 * window, the rest due later. Mobiles are 10-digit Indian numbers.
 */
export function contractRows(count: number, seed: string, today: string): ContractRow[] {
  const random = randomFor(`${seed}:contracts`);
  const rows: ContractRow[] = [];
  for (let index = 0; index < count; index++) {
    const pms = random.pick(PMS_CHOICES);
    const periodDays = Math.round(PMS_MONTHS[pms] * 30);
    const kind = index % 10; // 0 → expired, 1 → due soon, else fine
    const nextDueOn =
      kind === 0
        ? shiftDate(today, -random.int(1, 60))
        : kind === 1
          ? shiftDate(today, random.int(0, DEFAULT_DUE_SOON_DAYS))
          : shiftDate(today, random.int(DEFAULT_DUE_SOON_DAYS + 1, DEFAULT_DUE_SOON_DAYS + periodDays + 30));
    const validityFrom = shiftDate(today, -random.int(30, 700));
    const year = Number(validityFrom.slice(0, 4));
    rows.push({
      equipment: `${random.pick(EQUIPMENT)}${random.chance(0.3) ? ` #${random.int(1, 4)}` : ""}`,
      company: random.pick(COMPANIES),
      validityFrom,
      validityTo: shiftDate(validityFrom, 364 + random.int(0, 366)),
      pms,
      vendorCode: `V${String(random.int(100000, 999999))}`,
      contractNumber: `AMC/${year}-${String((year + 1) % 100).padStart(2, "0")}/${String(index + 1).padStart(4, "0")}`,
      concernedPerson: personName(random),
      mobileNumber: `${random.pick(["9", "8", "7", "6"])}${String(random.int(0, 999_999_999)).padStart(9, "0")}`,
      lastCheckedOn: shiftDate(nextDueOn, -periodDays),
      nextDueOn,
    });
  }
  return rows;
}

const FILE_SUBJECTS = [
  "AMC – DG set",
  "AMC – fire pumps",
  "Purchase orders",
  "PESO licence",
  "Factory licence renewal",
  "Safety audit reports",
  "Mock drill records",
  "Calibration certificates",
  "Pressure vessel test reports",
  "Hydro-test records",
  "Insurance policies",
  "Contract labour records",
  "Statutory returns",
  "Electrical inspector reports",
  "Tank lorry contracts",
  "Transporter agreements",
  "Training records",
  "Medical check-ups",
  "Near-miss reports",
  "Work permits",
  "Quality control reports",
  "Stock verification",
  "Scrap disposal",
  "Minutes of safety committee",
  "Environment clearance",
  "Consent to operate (PCB)",
  "Weights and measures stamping",
  "Bills and invoices",
  "Correspondence with head office",
  "Gate passes",
];

export type RackFileRow = { rackName: RackName; fileNumber: number; name: string };

/** `perRack` files in each of the 8 racks, numbered 1…perRack. */
export function rackFileRows(perRack: number, seed: string, today: string): RackFileRow[] {
  const rows: RackFileRow[] = [];
  const thisYear = Number(today.slice(0, 4));
  for (const rackName of RACK_NAMES) {
    const random = randomFor(`${seed}:files:${rackName}`);
    for (let fileNumber = 1; fileNumber <= perRack; fileNumber++) {
      const year = thisYear - random.int(0, 8);
      rows.push({
        rackName,
        fileNumber,
        name: `${random.pick(FILE_SUBJECTS)} ${year}-${String((year + 1) % 100).padStart(2, "0")}${random.chance(0.2) ? ` (vol. ${random.int(2, 4)})` : ""}`,
      });
    }
  }
  return rows;
}
