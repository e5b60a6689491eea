import type { RecordTypeInfo } from "#app/audit/history.server.ts";
import type { Area } from "#app/auth/permissions.ts";

// How a contract's audit entries read (its page's History, /audit): the form's fields in the
// form's order and words. Pure data; app/audit-trail/record-types.ts lists it with the others.
export const contractHistory = {
  entity: "contract",
  label: "Contract",
  area: "contracts",
  fields: [
    { path: "equipment", label: "Equipment" },
    { path: "company", label: "Company" },
    { path: "validity.from", label: "Validity From", kind: "date" },
    { path: "validity.to", label: "Validity To", kind: "date" },
    { path: "pms", label: "PMS" },
    { path: "vendorCode", label: "Vendor Code" },
    { path: "contractNumber", label: "Contract Number" },
    { path: "concernedPerson", label: "Concerned Person" },
    { path: "mobileNumber", label: "Mobile Number" },
    { path: "lastDateOfChecking", label: "Last Date of Checking", kind: "date" },
    { path: "nextDueDate", label: "Next Due Date", kind: "date" },
  ],
} as const satisfies RecordTypeInfo<Area>;
