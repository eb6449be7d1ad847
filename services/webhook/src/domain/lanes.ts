/**
 * Lane fairness of one sender: no workspace holds more than `workspaceLanes` of its lanes at once and
 * no endpoint more than `endpointLanes`, so one workspace's slow endpoints (each attempt may take
 * the whole timeout) leave the other lanes to everyone else.
 */
export class LaneShares {
  private readonly byWorkspace = new Map<string, number>();
  private readonly byEndpoint = new Map<string, number>();
  private readonly workspaceLanes: number;
  private readonly endpointLanes: number;

  constructor(workspaceLanes: number, endpointLanes: number) {
    this.workspaceLanes = workspaceLanes;
    this.endpointLanes = endpointLanes;
  }

  /** The workspaces and endpoints whose share is taken: the next read of due deliveries leaves them out. */
  full(): { workspaces: string[]; endpoints: string[] } {
    return {
      workspaces: taken(this.byWorkspace, this.workspaceLanes),
      endpoints: taken(this.byEndpoint, this.endpointLanes),
    };
  }

  /** Whether the delivery's workspace and endpoint may take one more lane. */
  hasRoom(d: { workspace_id: string; endpoint_id: string }): boolean {
    return (
      (this.byWorkspace.get(d.workspace_id) ?? 0) < this.workspaceLanes &&
      (this.byEndpoint.get(d.endpoint_id) ?? 0) < this.endpointLanes
    );
  }

  take(d: { workspace_id: string; endpoint_id: string }): void {
    add(this.byWorkspace, d.workspace_id, 1);
    add(this.byEndpoint, d.endpoint_id, 1);
  }

  release(d: { workspace_id: string; endpoint_id: string }): void {
    add(this.byWorkspace, d.workspace_id, -1);
    add(this.byEndpoint, d.endpoint_id, -1);
  }
}

function taken(counts: Map<string, number>, limit: number): string[] {
  return [...counts].filter(([, n]) => n >= limit).map(([key]) => key);
}

function add(counts: Map<string, number>, key: string, by: number): void {
  const n = (counts.get(key) ?? 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}
