-- The site asks for a second factor at every sign-in and no longer lets a browser be remembered
-- (trustDevice is refused). Browsers remembered before keep a signed cookie that better-auth honours
-- as long as its verification row exists: removing the rows makes each of them ask for a code again.
DELETE FROM "verifications" WHERE "identifier" LIKE 'trust-device-%';
