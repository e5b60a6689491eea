import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import { FacilityGallery, FeatureCards, Hero, Stats } from "#app/home/components.tsx";
import homeCss from "#app/home/home.css?url";
import type { ShellData } from "#app/shell/routes/layout.tsx";

// The signed-in home page (spec §1): hero, feature cards, facility gallery and figures.
// It has no loader of its own; the plant's name comes from the shell layout's settings.
export const meta: MetaFunction = () => [{ title: "Home · PlantOps" }];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: homeCss }];

export default function HomePage() {
  const shell = useRouteLoaderData<ShellData>("shell");
  // The shell's loader always sends the settings (their defaults when none are saved). Not
  // importing the settings' schema keeps its validation library out of this page's JavaScript.
  const plantName = shell?.settings.plantName ?? "";
  return (
    <div className="home">
      <Hero plantName={plantName} role={shell?.user.role} />
      <FeatureCards />
      <FacilityGallery />
      <Stats />
    </div>
  );
}
