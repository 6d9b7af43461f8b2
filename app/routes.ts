import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/marketing/home.tsx"),

  route("auth", "routes/auth/auth.tsx"),
  route("sign-out", "routes/auth/sign-out.ts"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),

  route("admin", "routes/admin/dashboard.tsx"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
