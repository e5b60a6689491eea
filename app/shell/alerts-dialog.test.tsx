import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AmcAlert } from "#app/contracts/alerts.server.ts";
import { contractAlertTitle } from "#app/contracts/rules.ts";
import { AlertsList } from "#app/shell/alerts-dialog.tsx";
import { inLanguage } from "#tests/support/in-language.tsx";

const render = (node: React.ReactNode, language = "en") =>
  renderToStaticMarkup(inLanguage(node, language, ["shell", "contracts"]));

describe("the notifications list", () => {
  it("says so when there is nothing to show", () => {
    expect(render(<AlertsList alerts={[]} />)).toContain("No AMC notifications available.");
  });

  it("lists each alert with its date and a Send WhatsApp Message link, disabled with a reason without a number", () => {
    const html = render(
      <AlertsList
        alerts={[
          { id: "a", equipment: "Fire pump", reason: "pms", date: "2026-03-09", mobileNumber: "98765 43210" },
          { id: "b", equipment: "DG set", reason: "pms", date: "2026-01-02", mobileNumber: "" },
        ]}
      />,
    );
    expect(html).toContain("AMC exceeds for the equipment with Next Due Date: 09/03/2026");
    expect(html).toContain("AMC exceeds for the equipment with Next Due Date: 02/01/2026");
    expect(html).toContain(
      `href="https://wa.me/919876543210?text=${encodeURIComponent("AMC has expired for the equipment: Fire pump with Next Due Date: 09/03/2026")}"`,
    );
    expect(html).toContain('target="_blank"');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Send WhatsApp Message/);
    expect(html).toContain("No mobile number is set.");
    expect(html).not.toContain("No AMC notifications available.");
  });

  it("names the validity end of a contract whose validity has ended, in its title and its message", () => {
    const html = render(
      <AlertsList
        alerts={[
          {
            id: "c",
            equipment: "Weighbridge",
            reason: "validity",
            date: "2026-11-20",
            mobileNumber: "9876543210",
          },
        ]}
      />,
    );
    expect(html).toContain("AMC validity ended for the equipment on 20/11/2026");
    expect(html).not.toContain("Next Due Date");
    expect(html).toContain(
      `href="https://wa.me/919876543210?text=${encodeURIComponent("AMC has expired for the equipment: Weighbridge; validity ended on 20/11/2026")}"`,
    );
  });

  const alerts: AmcAlert[] = [
    { id: "a", equipment: "Fire pump", reason: "pms", date: "2026-03-09", mobileNumber: "98765 43210" },
    { id: "b", equipment: "Weighbridge", reason: "validity", date: "2026-11-20", mobileNumber: "" },
  ];

  it("titles each alert in English as the contracts' rule words it", () => {
    const html = render(<AlertsList alerts={alerts} />);
    for (const alert of alerts) expect(html).toContain(contractAlertTitle(alert));
  });

  it("in Hindi: the titles, the button and the empty list, the dates and the message to the contractor as they are", () => {
    const html = render(<AlertsList alerts={alerts} />, "hi");
    expect(html).toContain("अगली PMS तारीख 09/03/2026 निकल गई");
    expect(html).toContain("AMC की वैधता 20/11/2026 को खत्म हो गई");
    expect(html).toContain("WhatsApp मैसेज भेजें");
    expect(html).toContain(encodeURIComponent("AMC has expired for the equipment: Fire pump"));
    expect(render(<AlertsList alerts={[]} />, "hi")).toContain("कोई AMC सूचना नहीं है।");
  });
});
