/** A metric's value in the Prometheus text format, by its name and labels as written (`name{a="b"}`). */
export function metricValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
