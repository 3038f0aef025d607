import { Alert, Card, CardContent, Grid, Typography } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import { useQuery } from "@tanstack/react-query";
import { Loading, Title, useAuthenticated, useTranslate } from "react-admin";
import { useConsoleDataProvider } from "../../data-provider.ts";
import { errorMessage } from "../../lib/diff.ts";
import { countAxis, countYAxis } from "./count-axis.ts";

/** The weeks the series cover. */
const WEEKS = 12;

function ChartCard({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * Analytics from /charts/data and /charts/distributions (admins), read together through the data
 * provider's getAnalytics. Charts, not a list: a page of its own.
 */
export function AnalyticsPage() {
  useAuthenticated();
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const { data: both, error, isPending } = useQuery({ queryKey: ["analytics", WEEKS], queryFn: () => dataProvider.getAnalytics(WEEKS) });
  const booked = useQuery({ queryKey: ["analytics", "meetings", WEEKS], queryFn: () => dataProvider.getMeetingWeeks(WEEKS) });

  if (error) return <Alert severity="error">{errorMessage(error, translate("tuesday.analytics.failed"))}</Alert>;
  if (isPending || !both) return <Loading />;
  const { data, distributions: dist } = both;
  const isEmpty = [...data.signups, ...data.matches].every((s) => s.count === 0) && data.meetings.every((m) => m.held === 0) && dist.funnel.every((f) => f.count === 0);
  const weeks = data.weeks.map((w) => w.slice(5));
  const pct = data.intros.acceptanceRate === null ? translate("tuesday.analytics.none") : `${Math.round(data.intros.acceptanceRate * 100)}%`;
  return (
    <Grid container spacing={2} sx={{ mt: 1 }}>
      <Title title={translate("tuesday.analytics.title")} />
      {isEmpty ? (
        <Grid size={12}>
          <Alert severity="info">{translate("tuesday.analytics.empty")}</Alert>
        </Grid>
      ) : null}
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartCard title={translate("tuesday.analytics.intros")} testId="intro-rate">
          <Typography variant="h3">{pct}</Typography>
          <Typography color="text.secondary">{translate("tuesday.analytics.introsDetail", data.intros)}</Typography>
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartCard title={translate("tuesday.analytics.meetingsTotal")}>
          <Typography variant="h3">{data.meetingsTotal.held}</Typography>
          <Typography color="text.secondary">
            {translate("tuesday.analytics.rating")}: {data.meetingsTotal.averageRating ?? translate("tuesday.analytics.none")}
          </Typography>
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartCard title={translate("tuesday.analytics.signups")} testId="chart-signups">
          <LineChart height={240} xAxis={[{ scaleType: "point", data: weeks }]} yAxis={[countYAxis(data.signups.map((s) => s.count))]} series={[{ data: data.signups.map((s) => s.count), label: translate("tuesday.analytics.signups") }]} />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartCard title={translate("tuesday.analytics.matches")} testId="chart-matches">
          <BarChart height={240} xAxis={[{ scaleType: "band", data: weeks }]} yAxis={[countYAxis(data.matches.map((s) => s.count))]} series={[{ data: data.matches.map((s) => s.count) }]} />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartCard title={translate("tuesday.analytics.meetings")} testId="chart-meetings">
          <LineChart
            height={240}
            xAxis={[{ scaleType: "point", data: weeks }]}
            yAxis={[countYAxis(data.meetings.flatMap((m) => [m.held, m.averageRating]))]}
            series={[
              { data: data.meetings.map((m) => m.held), label: translate("tuesday.analytics.meetings") },
              { data: data.meetings.map((m) => m.averageRating), label: translate("tuesday.analytics.rating") },
            ]}
          />
        </ChartCard>
      </Grid>
      {booked.data?.weeks.length ? (
        <Grid size={{ xs: 12, md: 6 }}>
          <ChartCard title={translate("tuesday.analytics.booked")} testId="chart-booked-meetings">
            <BarChart
              height={240}
              xAxis={[{ scaleType: "band", data: booked.data.weeks.map((w) => w.week.slice(5)) }]}
              yAxis={[countYAxis(booked.data.weeks.flatMap((w) => [w.proposed, w.confirmed, w.held, w.noShow]))]}
              series={(["proposed", "confirmed", "held", "noShow"] as const).map((k) => ({ data: booked.data.weeks.map((w) => w[k]), label: translate(`tuesday.analytics.booking.${k}`) }))}
            />
          </ChartCard>
        </Grid>
      ) : null}
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartCard title={translate("tuesday.analytics.funnel")} testId="chart-funnel">
          <BarChart
            height={240}
            layout="horizontal"
            yAxis={[{ scaleType: "band", data: dist.funnel.map((f) => translate(`tuesday.analytics.steps.${f.step}`)), width: 140 }]}
            xAxis={[countAxis(dist.funnel.map((f) => f.count))]}
            series={[{ data: dist.funnel.map((f) => f.count) }]}
          />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartCard title={translate("tuesday.analytics.tags")} testId="chart-tags">
          <BarChart height={240} xAxis={[{ scaleType: "band", data: dist.topTags.map((t) => t.tag) }]} yAxis={[countYAxis(dist.topTags.map((t) => t.count))]} series={[{ data: dist.topTags.map((t) => t.count) }]} />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartCard title={translate("tuesday.analytics.cities")} testId="chart-cities">
          <BarChart height={240} xAxis={[{ scaleType: "band", data: dist.cities.map((c) => c.city) }]} yAxis={[countYAxis(dist.cities.map((c) => c.count))]} series={[{ data: dist.cities.map((c) => c.count) }]} />
        </ChartCard>
      </Grid>
    </Grid>
  );
}
