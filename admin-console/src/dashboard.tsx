import { Card, CardContent, Chip, Stack, Typography } from "@mui/material";
import { useEffect } from "react";
import { Loading, Title, useGetIdentity, useTranslate } from "react-admin";
import { useCommunity } from "./resources/participants/use-community.ts";

/** The console's home: which community this is and who is signed in. */
export function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { community, failed } = useCommunity();

  // Not a fetch: the tab's title follows the community once it is read.
  useEffect(() => {
    if (community) document.title = `${community.brandConfig.title || community.title} · Console`;
  }, [community]);

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate("tuesday.dashboard.title")} />
      <Card>
        <CardContent>
          <Typography variant="overline" color="text.secondary">
            {translate("tuesday.dashboard.community")}
          </Typography>
          {failed ? (
            <Typography color="error">{translate("tuesday.dashboard.loadFailed")}</Typography>
          ) : !community ? (
            <Loading />
          ) : (
            <>
              <Typography variant="h5" component="h1" data-testid="community-title" gutterBottom>
                {community.title}
              </Typography>
              {community.description ? <Typography color="text.secondary">{community.description}</Typography> : null}
              <Stack direction="row" spacing={4} sx={{ mt: 2, flexWrap: "wrap" }}>
                <div>
                  <Typography variant="caption" color="text.secondary">
                    {translate("tuesday.dashboard.domain")}
                  </Typography>
                  <Typography>{community.domain}</Typography>
                </div>
                <div>
                  <Typography variant="caption" color="text.secondary">
                    {translate("tuesday.dashboard.languages")}
                  </Typography>
                  <Typography>{community.langChoices.map((l) => translate(`tuesday.dashboard.languageName.${l}`, { _: l.toUpperCase() })).join(", ")}</Typography>
                </div>
                <div>
                  <Typography variant="caption" color="text.secondary">
                    {translate("tuesday.dashboard.methods")}
                  </Typography>
                  <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: "wrap" }}>
                    {community.authConfig.map((a) => (
                      <Chip key={a.authType} label={translate(`tuesday.settings.method.${a.authType}`, { _: a.authType })} size="small" />
                    ))}
                  </Stack>
                </div>
              </Stack>
            </>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="overline" color="text.secondary">
            {translate("tuesday.dashboard.signedInAs")}
          </Typography>
          <Typography variant="h6" data-testid="admin-identity">
            {identity?.fullName ?? "…"}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {translate("tuesday.dashboard.menuHint")}
          </Typography>
          <Typography sx={{ mt: 1 }}>
            <a href="/">{translate("tuesday.dashboard.memberApp")}</a>
          </Typography>
        </CardContent>
      </Card>
    </Stack>
  );
}
