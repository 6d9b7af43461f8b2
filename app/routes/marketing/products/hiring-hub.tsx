import { PageHero } from "~/components/marketing/page-hero";

// Placeholder until this page's content lands.
export default function Page() {
  return <PageHero title="hiring-hub" description="This page is being written." />;
}
