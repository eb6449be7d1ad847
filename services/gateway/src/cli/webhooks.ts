/**
 * invoicectl webhook …: the dashboard's webhook settings (docs/architecture.md#webhooks) over the admin API.
 * Wired into cli/main.ts, which owns argument parsing, the HTTP request and output.
 */

type Data = Record<string, unknown>;

export const webhookUsage = `  webhook add WORKSPACE URL [--events TYPE,...] [--description TEXT]   (prints the signing secret once)
  webhook list WORKSPACE
  webhook enable|disable WORKSPACE ENDPOINT_ID
  webhook rotate-secret WORKSPACE ENDPOINT_ID      (new secret shown once; the old one signs 24 h more)
  webhook delete WORKSPACE ENDPOINT_ID
  webhook deliveries WORKSPACE [--endpoint ID] [--event ID] [--status S] [--page N]
  webhook resend WORKSPACE EVENT_ID [--endpoint ID]
  webhook purge [--retention-days N]              (ops: the delivery-log purge job, now; --retention-days needs a
                                                  service started with its test hooks)
  webhook run-due [--workspace ID]                (ops: one pass of the retry loop)`;

/** parseArgs options the webhook commands add. */
export const webhookOptions = {
  events: { type: 'string' },
  description: { type: 'string' },
  endpoint: { type: 'string' },
  event: { type: 'string' },
  status: { type: 'string' },
  page: { type: 'string' },
  'retention-days': { type: 'string' },
  workspace: { type: 'string' },
} as const;

export interface WebhookCliContext {
  action: string | undefined;
  positionals: string[];
  flags: Record<string, string | boolean | string[] | undefined>;
  request(method: string, path: string, body?: unknown): Promise<Data>;
  need(index: number, what: string): string;
  table(rows: Data[], columns: string[]): string;
  fail(message: string): never;
}

const endpointColumns = ['id', 'url', 'enabled', 'disabled_reason', 'event_types', 'secret_hint', 'last_success_at'];

function attemptsText(d: Data): string {
  const attempts = (d.attempts as Data[]) ?? [];
  return attempts
    .map(
      (a) =>
        `#${a.number} ${a.attempted_at} ${a.response_status ?? '-'} ${a.duration_ms}ms${a.error ? ` ${a.error}` : ''}`,
    )
    .join('; ');
}

export async function runWebhookCommand(ctx: WebhookCliContext): Promise<{ data: Data; text: string }> {
  const { flags, request, need, table } = ctx;
  const ws = () => encodeURIComponent(need(2, 'WORKSPACE'));
  const flag = (name: string) => (typeof flags[name] === 'string' ? (flags[name] as string) : undefined);
  const base = () => `/workspaces/${ws()}/webhook-endpoints`;
  switch (ctx.action) {
    case 'add': {
      const path = base();
      const events = flag('events')
        ?.split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      const data = await request('POST', path, {
        url: need(3, 'URL'),
        event_types: events,
        description: flag('description'),
      });
      const endpoint = data.endpoint as Data;
      return {
        data,
        text: `Registered webhook endpoint ${endpoint.id} for ${(endpoint.event_types as string[]).join(', ')}.\nSigning secret (store it now; it is not shown again):\n\n  ${data.signing_secret}\n`,
      };
    }
    case 'list': {
      const data = await request('GET', base());
      return { data, text: table((data.endpoints as Data[]) ?? [], endpointColumns) };
    }
    case 'enable':
    case 'disable': {
      const path = `${base()}/${encodeURIComponent(need(3, 'ENDPOINT_ID'))}/enabled`;
      const data = await request('PUT', path, { enabled: ctx.action === 'enable' });
      return {
        data,
        text: `Endpoint ${data.id} is ${data.enabled ? 'enabled' : `disabled (${data.disabled_reason})`}`,
      };
    }
    case 'rotate-secret': {
      const data = await request('POST', `${base()}/${encodeURIComponent(need(3, 'ENDPOINT_ID'))}/rotate-secret`);
      return {
        data,
        text: `New signing secret (store it now; it is not shown again):\n\n  ${data.signing_secret}\n\nThe previous secret also signs until ${data.previous_secret_expires_at}.`,
      };
    }
    case 'delete': {
      const id = need(3, 'ENDPOINT_ID');
      const data = await request('DELETE', `${base()}/${encodeURIComponent(id)}`);
      return { data, text: `Deleted endpoint ${id} (${data.cancelled_deliveries} pending deliveries cancelled)` };
    }
    case 'deliveries': {
      const query = new URLSearchParams();
      for (const [param, name] of [
        ['endpoint_id', 'endpoint'],
        ['event_id', 'event'],
        ['status', 'status'],
        ['page', 'page'],
      ] as const) {
        const v = flag(name);
        if (v) query.set(param, v);
      }
      const data = await request('GET', `/workspaces/${ws()}/webhook-deliveries${query.size ? `?${query}` : ''}`);
      const rows = ((data.deliveries as Data[]) ?? []).map((d) => ({ ...d, attempts: attemptsText(d) }));
      return {
        data,
        text: `${table(rows, ['id', 'event_id', 'event_type', 'endpoint_id', 'status', 'attempt_count', 'next_attempt_at', 'attempts'])}\n(${data.total ?? 0} in total)`,
      };
    }
    case 'resend': {
      const event = need(3, 'EVENT_ID');
      const data = await request('POST', `/workspaces/${ws()}/webhook-events/${encodeURIComponent(event)}/resend`, {
        endpoint_id: flag('endpoint'),
      });
      const made = (data.deliveries as Data[]) ?? [];
      return { data, text: `Resending ${event}: ${made.length} new deliveries ${made.map((d) => d.id).join(', ')}` };
    }
    case 'purge': {
      const days = flag('retention-days');
      const data = await request('POST', '/webhooks/purge', days ? { retention_days: Number(days) } : {});
      return { data, text: `Purged ${data.purged_deliveries} deliveries and ${data.purged_events} events` };
    }
    case 'run-due': {
      const data = await request('POST', '/webhooks/run-due', { workspace_id: flag('workspace') });
      return {
        data,
        text: `Attempted ${data.attempted} (${data.succeeded} succeeded, ${data.failed} failed); deactivated: ${((data.deactivated_endpoint_ids as string[]) ?? []).join(', ') || 'none'}`,
      };
    }
    default:
      return ctx.fail(`Unknown webhook command.\n\n${webhookUsage}`);
  }
}
