// The filter fields of a list's toolbar (children of ListToolbar): a choice and a date range. Each
// input carries its value in its key, so a view loaded by a link or back/forward shows its own.
// Labels are English, shown in the page's language (app/i18n).

import { useLingui } from "@lingui/react";

/** A <select> filter whose empty value means no filter (`all` is its label). */
export function FilterSelect({
  id,
  name,
  label,
  value,
  all,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  all: string;
  options: readonly { value: string | number; label: string }[];
}) {
  const { _ } = useLingui();
  return (
    <div className="field">
      <label htmlFor={id}>{_(label)}</label>
      <select id={id} name={name} defaultValue={value} key={`${name}-${value}`}>
        <option value="">{_(all)}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {_(option.label)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** From and To dates (?from=&to=), their inputs' ids `{idPrefix}-from` and `{idPrefix}-to`. */
export function DateRangeFields({ idPrefix, from, to }: { idPrefix: string; from: string; to: string }) {
  const { _ } = useLingui();
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-from`}>{_("From")}</label>
        <input id={`${idPrefix}-from`} type="date" name="from" defaultValue={from} key={`from-${from}`} />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-to`}>{_("To")}</label>
        <input id={`${idPrefix}-to`} type="date" name="to" defaultValue={to} key={`to-${to}`} />
      </div>
    </>
  );
}

/** A filter's options from its values and their labels. */
export function labelled<Value extends string>(values: readonly Value[], labels: Record<Value, string>) {
  return values.map((value) => ({ value, label: labels[value] }));
}
