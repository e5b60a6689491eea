import { describe, expect, it } from "vitest";
import { type Click, inAppDestination, type PlainLink } from "#app/ui/plain-links.ts";

const origin = "http://plant.local:3000";
const click: Click = { button: 0, defaultPrevented: false, modifier: false };
const link: PlainLink = {
  href: `${origin}/products/Electrician/7/edit?back=%2Ffirefight#top`,
  target: "",
  download: false,
  reload: false,
};

describe("inAppDestination", () => {
  it("navigates in the app on a plain left click on one of the app's links, keeping query and hash", () => {
    expect(inAppDestination(click, link, origin)).toBe("/products/Electrician/7/edit?back=%2Ffirefight#top");
  });

  it("leaves new-tab clicks (a modifier or the middle button) to the browser", () => {
    expect(inAppDestination({ ...click, modifier: true }, link, origin)).toBeNull();
    expect(inAppDestination({ ...click, button: 1 }, link, origin)).toBeNull();
  });

  it("leaves a click the link's own handler took (the delete dialog) alone", () => {
    expect(inAppDestination({ ...click, defaultPrevented: true }, link, origin)).toBeNull();
  });

  it("leaves other sites, other windows, downloads and full page loads to the browser", () => {
    expect(inAppDestination(click, { ...link, href: "https://wa.me/919800000000" }, origin)).toBeNull();
    expect(inAppDestination(click, { ...link, target: "_blank" }, origin)).toBeNull();
    expect(inAppDestination(click, { ...link, download: true }, origin)).toBeNull();
    expect(inAppDestination(click, { ...link, reload: true }, origin)).toBeNull();
  });

  it("treats target=_self as this window", () => {
    expect(inAppDestination(click, { ...link, target: "_self" }, origin)).toBe(
      "/products/Electrician/7/edit?back=%2Ffirefight#top",
    );
  });
});
