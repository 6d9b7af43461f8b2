import type { AdminCall } from "./types";

/** Every read and write of the Content tab (app/routes/admin/content.tsx), with valid payloads. */
export const calls: AdminCall[] = [
  { name: "open the Content tab", method: "GET", path: "/admin/content" },
  { name: "read the Content tab's data", method: "GET", path: "/admin/content.data" },
  {
    name: "save the hero",
    method: "POST",
    path: "/admin/content",
    form: {
      intent: "saveHero",
      heroTitle: "Taken Over",
      heroSubtitle: "This subtitle was written by someone without the admin role.",
      heroCtaText: "Click",
    },
  },
  {
    name: "add a main-page statistic",
    method: "POST",
    path: "/admin/content",
    json: {
      intent: "createStat",
      statKey: "intruder_stat",
      statValue: "1",
      statLabel: "Intruders",
      displayOrder: "0",
    },
  },
  {
    name: "edit a main-page statistic",
    method: "POST",
    path: "/admin/content",
    json: { intent: "updateStat", id: 1, statValue: "0", statLabel: "Changed", displayOrder: "9" },
  },
  {
    name: "delete a main-page statistic",
    method: "POST",
    path: "/admin/content",
    json: { intent: "deleteStat", id: 1 },
  },
  {
    name: "save the navigation menu",
    method: "POST",
    path: "/admin/content",
    json: { intent: "saveNav", items: [{ label: "Only Item", url: "/only" }] },
  },
  {
    name: "save the services",
    method: "POST",
    path: "/admin/content",
    json: {
      intent: "saveServices",
      items: [
        {
          title: "Only Service",
          description: "Replaces every service.",
          icon: "Star",
          link: "",
          featured: false,
        },
      ],
    },
  },
];
