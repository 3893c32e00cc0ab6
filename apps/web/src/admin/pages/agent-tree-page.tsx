import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../shared/ui/button.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { hasPermission, useAdminSession } from '../session-store.ts';
import { errorText } from './cashier-ui.tsx';
import { type AgentTreeNode, useAgentTree, useEndPlatformContract } from './players-api.ts';
import './players-admin.css';

/** The agent tree from the top: each level loads when opened, with counts and contracts. */
export default function AgentTreePage() {
  const { t } = useTranslation('players-admin');
  return (
    <div className="admin-page players-admin">
      <PageHeader title={t('tree.title')} lead={t('tree.lead')} />
      <Level parentId={null} />
    </div>
  );
}

function Level({ parentId }: { parentId: number | null }) {
  const { t } = useTranslation('players-admin');
  const tree = useAgentTree(parentId);
  if (tree.isPending) return <Loader label={t('loading')} />;
  if (tree.error) return <p className="wallet-error">{errorText(tree.error)}</p>;
  if (tree.data.nodes.length === 0) return <p className="muted">{t('tree.empty')}</p>;
  return (
    <ul className="agent-tree" aria-label={parentId === null ? t('tree.title') : undefined}>
      {tree.data.nodes.map((n) => (
        <Node key={n.id} node={n} />
      ))}
      {tree.data.truncated && <li className="muted">{t('tree.truncated')}</li>}
    </ul>
  );
}

function Node({ node }: { node: AgentTreeNode }) {
  const { t } = useTranslation('players-admin');
  const canSeePlayers = hasPermission(
    useAdminSession((s) => s.permissions),
    'players.read',
  );
  const canEnd = hasPermission(
    useAdminSession((s) => s.permissions),
    'agents',
  );
  const end = useEndPlatformContract();
  const [open, setOpen] = useState(false);
  const expandable = node.directCount > 0;
  return (
    <li>
      <div className="agent-tree__row">
        {expandable ? (
          <button
            type="button"
            className="agent-tree__toggle"
            aria-expanded={open}
            onClick={() => setOpen(!open)}
            aria-label={t(open ? 'tree.collapse' : 'tree.expand', { account: node.account })}
          >
            {open ? '−' : '+'}
          </button>
        ) : (
          <span className="agent-tree__toggle" aria-hidden="true" />
        )}
        <span className="agent-tree__name">
          {canSeePlayers ? <Link to={`/players/${node.id}`}>{node.account}</Link> : node.account}
        </span>
        <span className="agent-tree__meta">
          {node.isAgent ? t('type.agent') : t('type.player')}
          {node.status !== 'active' && ` · ${t(`status.${node.status}`, { defaultValue: node.status })}`}
          {node.isAgent && ` · ${t('tree.counts', { direct: node.directCount, all: node.downlineCount })}`}
        </span>
        {node.contracts.map((c) => (
          <span key={c.id} className="agent-tree__contract">
            {c.kind}
            {c.rate !== null && ` ${c.rate}%`}
            {c.status === 'offered' && ` (${t('tree.offered')})`}
            {canEnd && c.uplineAccount === null && (
              <Button
                size="sm"
                variant="ghost"
                disabled={end.isPending}
                aria-label={t('tree.end', { kind: c.kind, account: node.account })}
                onClick={() => {
                  if (!window.confirm(t('tree.endConfirm', { kind: c.kind, account: node.account }))) return;
                  end.mutate(c.id, {
                    onSuccess: (r) =>
                      toast.success(t(r.status === 'ACTIVE' ? 'tree.endRequested' : 'tree.ended')),
                    onError: (e) => toast.error(errorText(e)),
                  });
                }}
              >
                ×
              </Button>
            )}
          </span>
        ))}
      </div>
      {open && <Level parentId={node.id} />}
    </li>
  );
}
