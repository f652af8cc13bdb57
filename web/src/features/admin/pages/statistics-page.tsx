//! /compte/admin/statistics: figures computed from what the API offers so far (accounts, orders).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Loading } from '@/components/ui/loading';
import { Page } from '@/components/ui/page';
import { fetchList } from '@/lib/fetch-list';

interface Account {
  role: string;
  twoFactorEnabled?: boolean;
  createdAt?: string;
}

const DAY_MS = 86_400_000;

export default function StatisticsPage() {
  const [now] = useState(() => Date.now());
  const accounts = useQuery({ queryKey: ['admin', 'Comptes'], queryFn: () => fetchList<Account>('Comptes') });
  const orders = useQuery({ queryKey: ['admin', 'Commande'], queryFn: () => fetchList<object>('Commande') });
  if (accounts.isPending || orders.isPending) return <Loading />;
  const list = accounts.data ?? [];
  const recent = list.filter((a) => a.createdAt && now - new Date(a.createdAt).getTime() < 30 * DAY_MS).length;
  const withTwoFactor = list.filter((a) => a.twoFactorEnabled).length;
  const figures: [string, string][] = [
    ['Comptes', String(list.length)],
    ['Clients', String(list.filter((a) => a.role !== 'admin').length)],
    ['Administrateurs', String(list.filter((a) => a.role === 'admin').length)],
    ['Nouveaux comptes (30 jours)', String(recent)],
    ['Double authentification', list.length ? `${Math.round((withTwoFactor / list.length) * 100)}\u00a0%` : '—'],
    ['Commandes', String(orders.data?.length ?? 0)],
  ];
  return (
    <Page title="Statistiques" lead="Vue d’ensemble de l’activité du site.">
      <div className="figures">
        {figures.map(([label, value]) => (
          <div key={label} className="figure">
            <strong>{value}</strong>
            {label}
          </div>
        ))}
      </div>
    </Page>
  );
}
