import { type AgentTreeNode, isAgentType } from '@wps/contract';
import type { AgentsService } from '../agents/service.ts';
import type { MemberAdmin } from '../members/admin.ts';

const TREE_PAGE = 200;

/**
 * One level of the agent tree for the console: the top-level agents, or an agent's direct
 * downline (agents first), each with direct and total downline counts and the contracts it holds
 * or is offered. At most {TREE_PAGE} per level (`truncated` says when more exist).
 */
export async function agentTreeLevel(
  admin: MemberAdmin,
  agents: AgentsService,
  parentId: number | null,
): Promise<{ nodes: AgentTreeNode[]; truncated: boolean }> {
  const rows = await admin.children(parentId, TREE_PAGE);
  const truncated = rows.length > TREE_PAGE;
  const nodes = rows.slice(0, TREE_PAGE);
  const agentNodes = nodes.filter((n) => isAgentType(n.type));
  const counts = await admin.downlineCounts(agentNodes.map((a) => a.id));
  const out: AgentTreeNode[] = [];
  for (const n of nodes) {
    const agent = isAgentType(n.type);
    const contracts = agent ? await agents.contracts.list(n.id, { side: 'RECEIVED' }) : [];
    out.push({
      ...n,
      isAgent: agent,
      downlineCount: counts.get(n.id) ?? 0,
      contracts: contracts
        .filter((c) => c.status === 'active' || c.status === 'offered')
        .map((c) => ({
          id: c.id,
          kind: c.kind,
          status: c.status,
          rate: c.rateBp === null ? null : (c.rateBp / 100).toFixed(2),
          uplineAccount: c.uplineAccount,
        })),
    });
  }
  return { nodes: out, truncated };
}
