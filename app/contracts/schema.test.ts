import { describe, expect, it } from "vitest";
import {
  CONTRACT_YEARS_AHEAD,
  contractInsertSchema,
  contractUpdateSchema,
  toContractInput,
  wireFieldName,
} from "#app/contracts/schema.ts";
import { addYears, clockToday, formatDateGB } from "#app/lib/dates.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  return data;
};

const valid = {
  equipment: "Fire pump",
  company: "Kirloskar",
  validityFrom: "2026-04-01",
  validityTo: "2027-03-31",
  pms: "Quarterly",
};

function errorsOf(
  schema: typeof contractInsertSchema | typeof contractUpdateSchema,
  values: Record<string, string>,
) {
  const submission = parseSubmission(form(values), schema);
  return submission.status === "success" ? {} : (submission.error ?? {});
}

describe("insert form", () => {
  it("requires equipment, company, validity from and to, and PMS", () => {
    const errors = errorsOf(contractInsertSchema, {
      equipment: " ",
      company: "",
      validityFrom: "",
      validityTo: "",
      pms: "",
      vendorCode: "",
    });
    expect(errors).toMatchObject({
      equipment: ["Equipment is required."],
      company: ["Company is required."],
      validityFrom: ["Validity from is required."],
      validityTo: ["Validity to is required."],
      pms: ["PMS is required."],
    });
    expect(errors).not.toHaveProperty("vendorCode");
  });

  it("accepts the required fields alone and keeps each PMS label's own value", () => {
    for (const pms of ["Monthly", "Quarterly", "Yearly", "Fortnightly"]) {
      const submission = parseSubmission(form({ ...valid, pms }), contractInsertSchema);
      expect(submission.status).toBe("success");
      if (submission.status === "success") expect(submission.value.pms).toBe(pms);
    }
  });

  it("refuses validity to before validity from, and impossible dates", () => {
    expect(errorsOf(contractInsertSchema, { ...valid, validityTo: "2026-03-31" })).toEqual({
      validityTo: ["Validity to must not be before validity from."],
    });
    expect(errorsOf(contractInsertSchema, { ...valid, validityTo: "2026-04-01" })).toEqual({});
    expect(errorsOf(contractInsertSchema, { ...valid, nextDueOn: "2026-02-30" })).toEqual({
      nextDueOn: ["Enter a valid date (YYYY-MM-DD)."],
    });
    expect(errorsOf(contractInsertSchema, { ...valid, lastCheckedOn: "31/01/2026" })).toEqual({
      lastCheckedOn: ["Enter a valid date (YYYY-MM-DD)."],
    });
  });

  it("shows the validity order problem alongside other missing fields", () => {
    const errors = errorsOf(contractInsertSchema, { ...valid, equipment: "", validityTo: "2026-01-01" });
    expect(errors).toMatchObject({
      equipment: ["Equipment is required."],
      validityTo: ["Validity to must not be before validity from."],
    });
  });

  it("refuses an unknown PMS and a mobile number with letters", () => {
    expect(errorsOf(contractInsertSchema, { ...valid, pms: "Weekly", mobileNumber: "call Ravi" })).toEqual({
      pms: ["Choose Monthly, Quarterly, Yearly or Fortnightly."],
      mobileNumber: ["Enter a mobile number: 10 digits, or with the country code (+91…)."],
    });
  });

  it("refuses a mobile number the hint's 10 digits rule out, and takes the ones WhatsApp can use", () => {
    for (const mobileNumber of ["98765", "12345 67890", "+91 12345"])
      expect(errorsOf(contractInsertSchema, { ...valid, mobileNumber })).toEqual({
        mobileNumber: ["Enter a mobile number: 10 digits, or with the country code (+91…)."],
      });
    for (const mobileNumber of ["98765 43210", "+91 98450 12345", "098450-12345", "+44 7700 900123"])
      expect(errorsOf(contractInsertSchema, { ...valid, mobileNumber })).toEqual({});
  });
});

describe("dates and text", () => {
  it("refuses dates before 2000 or more than 30 years ahead, saying the window", () => {
    const to = formatDateGB(addYears(clockToday(), CONTRACT_YEARS_AHEAD));
    const errors = errorsOf(contractUpdateSchema, {
      validityFrom: "1900-01-01",
      validityTo: "9999-12-31",
      lastCheckedOn: "1999-12-31",
      nextDueOn: "9999-12-31",
    });
    expect(errors).toEqual({
      validityFrom: [`Validity From must be between 01/01/2000 and ${to}.`],
      validityTo: [`Validity To must be between 01/01/2000 and ${to}.`],
      lastCheckedOn: [`Last Date of Checking must be between 01/01/2000 and ${to}.`],
      nextDueOn: [`Next Due Date must be between 01/01/2000 and ${to}.`],
    });
    expect(
      errorsOf(contractUpdateSchema, { validityTo: addYears(clockToday(), CONTRACT_YEARS_AHEAD) }),
    ).toEqual({});
  });

  it("folds a line break in a one-line field to a space and drops control characters", () => {
    const parsed = contractUpdateSchema.parse({
      equipment: "Fire pump\nFrom the administrator",
      company: "Atlas\u0000\u0007 Copco\r\n",
      mobileNumber: "98765\n43210",
    });
    expect(parsed).toMatchObject({
      equipment: "Fire pump From the administrator",
      company: "Atlas Copco",
      mobileNumber: "98765 43210",
    });
  });
});

describe("update form", () => {
  it("requires nothing", () => {
    expect(errorsOf(contractUpdateSchema, { equipment: "", company: "", pms: "" })).toEqual({});
  });

  it("still checks the values given", () => {
    expect(
      errorsOf(contractUpdateSchema, {
        validityFrom: "2026-05-01",
        validityTo: "2026-04-01",
        pms: "Daily",
        nextDueOn: "tomorrow",
        version: "x",
      }),
    ).toEqual({
      validityTo: ["Validity to must not be before validity from."],
      pms: ["Choose Monthly, Quarterly, Yearly or Fortnightly."],
      nextDueOn: ["Enter a valid date (YYYY-MM-DD)."],
      version: ["Version must be a whole number."],
    });
  });
});

describe("the /api body", () => {
  it("reads validity {from, to}, cuts timestamps at the T and turns numbers into text", () => {
    expect(
      toContractInput({
        equipment: "DG set",
        validity: { from: "2026-04-01T00:00:00.000Z", to: "2027-03-31" },
        mobileNumber: 9876543210,
        nextDueDate: null,
        vendorCode: "",
        version: 3,
        unknown: "ignored",
      }),
    ).toEqual({
      equipment: "DG set",
      validityFrom: "2026-04-01",
      validityTo: "2027-03-31",
      mobileNumber: "9876543210",
      nextDueOn: undefined,
      vendorCode: undefined,
      version: 3,
    });
  });

  it("leaves out what the body leaves out", () => {
    expect(toContractInput({ company: "Acme" })).toEqual({ company: "Acme" });
    expect(toContractInput({ validity: { to: "2027-01-01" } })).toEqual({ validityTo: "2027-01-01" });
    expect(toContractInput(null)).toEqual({});
    expect(toContractInput([1, 2])).toEqual({});
  });

  it("reads the legacy names of the dates as the fields' own, and a flat validity date as before", () => {
    expect(
      toContractInput({
        lastDateOfChecking: "2026-01-10",
        nextDueDate: "2026-04-10",
        validityFrom: "2026-01-01",
      }),
    ).toEqual({ validityFrom: "2026-01-01", lastCheckedOn: "2026-01-10", nextDueOn: "2026-04-10" });
    // The app's own names are not the wire's: a client sending them sends nothing.
    expect(toContractInput({ lastCheckedOn: "2026-01-10", nextDueOn: "2026-04-10" })).toEqual({});
    expect(wireFieldName("lastCheckedOn")).toBe("lastDateOfChecking");
    expect(wireFieldName("validityTo")).toBe("validity.to");
    expect(wireFieldName("company")).toBe("company");
  });
});
