// The service's own counters, and /metrics, which shows them in
// Prometheus's text format.

export class RequestMeter {
  /** API requests served. */
  requests = 0;
  /** API requests that failed with a server error. */
  failures = 0;

  /** The /metrics body, with `subscribers` connected /events subscribers. */
  metricsText(subscribers: number): string {
    return [
      '# HELP zlake_http_requests_total API requests served.',
      '# TYPE zlake_http_requests_total counter',
      `zlake_http_requests_total ${this.requests}`,
      '# HELP zlake_http_failures_total API requests that failed with a server error.',
      '# TYPE zlake_http_failures_total counter',
      `zlake_http_failures_total ${this.failures}`,
      '# HELP zlake_event_subscribers Connected /events subscribers.',
      '# TYPE zlake_event_subscribers gauge',
      `zlake_event_subscribers ${subscribers}`,
      '',
    ].join('\n');
  }
}
