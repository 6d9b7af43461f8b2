import { useEffect, useState } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useNavigation,
  useSearchParams,
} from "react-router";
import {
  TWO_FACTOR_SETUP_PATH,
  twoFactorSetupRequiredForUser,
} from "~/auth/account-security.server";
import { authErrorMessage, callAuth } from "~/auth/auth-api.server";
import { getCurrentUser, safeRedirectTarget } from "~/auth/session.server";
import { PasskeySignIn } from "~/components/account/passkeys";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { readPageForm } from "~/forms/payload.server";
import { redirectWithToast } from "~/lib/toast.server";
import { type FieldErrors, fieldErrors, signInSchema, signUpSchema } from "~/schemas/auth";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = () => [
  { title: "Sign in | AI Solutions" },
  { name: "description", content: "Sign in to your account or create a new one." },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  if (await getCurrentUser(request)) throw redirect("/");
  const url = new URL(request.url);
  const error = url.searchParams.get("error");
  return {
    notice:
      url.searchParams.get("verified") === "1" && !error
        ? "Your email address is verified. You can sign in now."
        : null,
    linkError: error
      ? "This verification link is invalid or has expired. Sign in to get a new one."
      : null,
  };
}

const VERIFIED_CALLBACK = "/auth?verified=1";

type ActionResult = {
  intent: "sign-in" | "sign-up";
  fieldErrors?: FieldErrors;
  formError?: string;
  email?: string;
};

export async function action({ request }: Route.ActionArgs) {
  // A body that is no form (garbage) reads as an empty form: refused as a missing email.
  const form = await readPageForm(request);
  if (!form.ok) {
    return data<ActionResult>(
      { intent: "sign-in", formError: form.error },
      { status: form.status },
    );
  }
  if (form.values.intent === "passkey") return afterPasskeySignIn(request);
  const intent = form.values.intent === "sign-up" ? "sign-up" : "sign-in";
  const raw = { email: form.values.email ?? "", password: form.values.password ?? "" };
  const email = typeof raw.email === "string" ? raw.email : "";

  if (intent === "sign-in") {
    const parsed = signInSchema.safeParse(raw);
    if (!parsed.success) {
      return data<ActionResult>(
        { intent, fieldErrors: fieldErrors(parsed.error), email },
        { status: 400 },
      );
    }
    // An unverified account gets a fresh verification mail; its link leads back here.
    const result = await callAuth(request, "/sign-in/email", {
      ...parsed.data,
      callbackURL: VERIFIED_CALLBACK,
    });
    if (!result.ok) {
      return data<ActionResult>(
        { intent, formError: authErrorMessage(result), email },
        { status: Math.min(result.status, 500) },
      );
    }
    const headers = new Headers();
    for (const cookie of result.cookies) headers.append("Set-Cookie", cookie);
    const redirectTo = safeRedirectTarget(new URL(request.url).searchParams.get("redirectTo"));
    if (result.body.twoFactorRedirect) {
      // The password was right; the second step asks for the code (the challenge is a cookie).
      const params = new URLSearchParams({ redirectTo });
      throw redirect(`/auth/two-factor?${params}`, { headers });
    }
    const userId = (result.body.user as { id?: unknown } | undefined)?.id;
    const target =
      typeof userId === "string" && (await twoFactorSetupRequiredForUser(userId))
        ? TWO_FACTOR_SETUP_PATH
        : redirectTo;
    return redirectWithToast(
      target,
      { title: "Signed in successfully", description: "Welcome back!" },
      { headers },
    );
  }

  const parsed = signUpSchema.safeParse(raw);
  if (!parsed.success) {
    return data<ActionResult>(
      { intent, fieldErrors: fieldErrors(parsed.error), email },
      { status: 400 },
    );
  }
  const result = await callAuth(request, "/sign-up/email", {
    ...parsed.data,
    name: parsed.data.email.split("@")[0],
    callbackURL: VERIFIED_CALLBACK,
  });
  if (!result.ok) {
    return data<ActionResult>(
      { intent, formError: authErrorMessage(result), email },
      { status: result.status },
    );
  }
  return redirectWithToast("/auth", {
    title: "Account created successfully",
    description: "Please check your email to verify your account.",
  });
}

/** The browser signed in with a passkey (its session cookie is set): go on as after a password. */
async function afterPasskeySignIn(request: Request) {
  const user = await getCurrentUser(request);
  if (!user) {
    return data<ActionResult>(
      { intent: "sign-in", formError: "The passkey sign-in did not finish. Please try again." },
      { status: 401 },
    );
  }
  const redirectTo = safeRedirectTarget(new URL(request.url).searchParams.get("redirectTo"));
  const target = (await twoFactorSetupRequiredForUser(user.id))
    ? TWO_FACTOR_SETUP_PATH
    : redirectTo;
  return redirectWithToast(target, {
    title: "Signed in successfully",
    description: "Welcome back!",
  });
}

function AuthForm({
  intent,
  result,
}: {
  intent: ActionResult["intent"];
  result: ActionResult | undefined;
}) {
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const mine = result?.intent === intent ? result : undefined;
  const errors = { ...mine?.fieldErrors, ...clientErrors };
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const signUp = intent === "sign-up";
  const prefix = signUp ? "signup" : "signin";

  return (
    <Form
      method="post"
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        const values = Object.fromEntries(new FormData(event.currentTarget));
        const parsed = (signUp ? signUpSchema : signInSchema).safeParse(values);
        if (!parsed.success) {
          event.preventDefault();
          setClientErrors(fieldErrors(parsed.error));
        } else {
          setClientErrors({});
        }
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <Field
        id={`${prefix}-email`}
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        defaultValue={mine?.email}
        error={errors.email}
      />
      <Field
        id={`${prefix}-password`}
        name="password"
        type="password"
        label="Password"
        autoComplete={signUp ? "new-password" : "current-password"}
        required
        minLength={signUp ? 6 : undefined}
        error={errors.password}
      />
      {!signUp ? (
        <p className="text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-primary-strong hover:underline">
            Forgot your password?
          </Link>
        </p>
      ) : null}
      {mine?.formError ? <Alert>{mine.formError}</Alert> : null}
      <Button type="submit" className="w-full" disabled={busy}>
        {signUp
          ? busy
            ? "Creating account..."
            : "Create Account"
          : busy
            ? "Signing in..."
            : "Sign In"}
      </Button>
    </Form>
  );
}

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState(searchParams.get("tab") === "sign-up" ? "sign-up" : "sign-in");

  useEffect(() => {
    if (result?.intent) setTab(result.intent);
  }, [result]);

  return (
    <div className="grid min-h-[calc(100dvh-4rem)] place-items-center bg-gradient-to-b from-indigo-50 to-white px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle>Welcome</CardTitle>
          <CardDescription>Sign in to your account or create a new one</CardDescription>
        </CardHeader>
        <CardContent>
          {loaderData.notice ? (
            <p
              role="status"
              className="mb-4 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
            >
              {loaderData.notice}
            </p>
          ) : null}
          {loaderData.linkError ? <Alert className="mb-4">{loaderData.linkError}</Alert> : null}
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList>
              <TabsTrigger value="sign-in">Sign In</TabsTrigger>
              <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
            </TabsList>
            <TabsContent value="sign-in">
              <AuthForm intent="sign-in" result={result} />
            </TabsContent>
            <TabsContent value="sign-up">
              <AuthForm intent="sign-up" result={result} />
            </TabsContent>
          </Tabs>
          {/* Below the tab panel, so that its buttons stay "Sign In" and "Create Account" alone. */}
          {tab === "sign-in" ? <PasskeySignIn /> : null}
        </CardContent>
      </Card>
    </div>
  );
}
