//! Light SVG renders of the realisations (no photos): one stylised part per shape.
import type { ReactNode } from 'react';
import type { ThumbShape } from '../data/realisations';

const METAL = { top: '#c9d3dc', side: '#9aa8b5', front: '#7d8c9a' };
const POLY = { top: '#f1f1ee', side: '#d7d6d0', front: '#bdbcb5' };

function Box({ x, y, w, h, d, c }: { x: number; y: number; w: number; h: number; d: number; c: typeof METAL }) {
  // An isometric box whose front-bottom-left corner is at (x, y).
  const dx = d * 0.7;
  const dy = d * 0.4;
  return (
    <g stroke="#56636f" strokeWidth="0.8" strokeLinejoin="round">
      <path d={`M${x},${y - h} l${dx},${-dy} h${w} l${-dx},${dy} z`} fill={c.top} />
      <path d={`M${x + w},${y} v${-h} l${dx},${-dy} v${h} z`} fill={c.side} />
      <rect x={x} y={y - h} width={w} height={h} fill={c.front} />
    </g>
  );
}

const SHAPES: Record<ThumbShape, (c: typeof METAL) => ReactNode> = {
  bracket: (c) => (
    <>
      <Box x={70} y={140} w={130} h={14} d={50} c={c} />
      <path d="M95,126 C110,70 150,60 175,60 L190,60 L190,74 C160,74 140,90 125,126 Z" fill={c.side} stroke="#56636f" />
      <circle cx="182" cy="67" r="5" fill="#fff" stroke="#56636f" />
      <circle cx="95" cy="133" r="4" fill="#fff" stroke="#56636f" />
      <circle cx="175" cy="133" r="4" fill="#fff" stroke="#56636f" />
    </>
  ),
  lattice: (c) => (
    <g stroke={c.front} strokeWidth="3" fill="none">
      {[0, 1, 2, 3, 4].map((i) => (
        <path key={i} d={`M${60 + i * 35},150 L${95 + i * 35},40 M${95 + i * 35},150 L${60 + i * 35},40`} />
      ))}
      <rect x="60" y="40" width="175" height="110" stroke="#56636f" strokeWidth="4" />
    </g>
  ),
  nozzle: (c) => (
    <g stroke="#56636f" strokeWidth="1">
      <path d="M60,70 C120,70 140,40 220,45 L222,85 C150,85 130,120 62,118 Z" fill={c.side} />
      <ellipse cx="61" cy="94" rx="10" ry="24" fill={c.top} />
      <ellipse cx="221" cy="65" rx="7" ry="20" fill={c.front} />
    </g>
  ),
  gear: (c) => (
    <g transform="translate(150 95)" stroke="#56636f">
      {Array.from({ length: 16 }, (_, i) => (
        <rect key={i} x="-7" y="-72" width="14" height="18" fill={c.side} transform={`rotate(${i * 22.5})`} />
      ))}
      <circle r="58" fill={c.top} />
      <circle r="18" fill="#fff" />
      <rect x="-4" y="-24" width="8" height="8" fill="#fff" />
    </g>
  ),
  gripper: (c) => (
    <g stroke="#56636f">
      <Box x={110} y={70} w={80} h={30} d={30} c={METAL} />
      <path d="M118,72 C100,110 105,140 125,165 L138,160 C122,135 120,110 134,72 Z" fill={c.front} />
      <path d="M182,72 C200,110 195,140 175,165 L162,160 C178,135 180,110 166,72 Z" fill={c.front} />
    </g>
  ),
  implant: (c) => (
    <g stroke="#56636f">
      <path d="M70,120 C90,60 200,50 230,100 C210,90 110,95 95,140 Z" fill={c.top} />
      <rect x="140" y="70" width="10" height="40" fill="#fff" />
      <rect x="170" y="72" width="10" height="38" fill="#fff" />
    </g>
  ),
  manifold: (c) => (
    <>
      <Box x={80} y={150} w={120} h={80} d={40} c={c} />
      <path d="M95,120 C130,120 130,95 185,95" stroke="#2b8fd1" strokeWidth="6" fill="none" opacity="0.7" />
      <circle cx="100" cy="110" r="9" fill="#4a5561" />
      <circle cx="180" cy="120" r="9" fill="#4a5561" />
    </>
  ),
  housing: (c) => (
    <>
      <Box x={70} y={145} w={150} h={60} d={60} c={c} />
      {[0, 1, 2, 3].map((i) => (
        <rect key={i} x={90 + i * 32} y={100} width={14} height={30} rx={3} fill="#4a5561" />
      ))}
    </>
  ),
};

export function RealisationThumb({ shape, process, title }: { shape: ThumbShape; process: string; title: string }) {
  const colours = process === 'SLM' ? METAL : POLY;
  return (
    <svg viewBox="0 0 300 190" role="img" aria-label={`Rendu schématique\u00a0: ${title}`}>
      <ellipse cx="150" cy="168" rx="110" ry="10" fill="#000" opacity="0.08" />
      {SHAPES[shape](colours)}
      <text x="288" y="182" textAnchor="end" fontSize="11" fill="#56636f" fontFamily="sans-serif">
        {process}
      </text>
    </svg>
  );
}
