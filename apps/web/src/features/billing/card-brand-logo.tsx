import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { knownCardBrand, type CardBrand } from '@homeward/contracts';

/*
 * Card brand marks drawn inline (no image requests, nothing from a third party), simplified to
 * what reads at the height of a text field. All share one 38×24 card shape.
 */

export interface BrandLogoProps {
  /** The accessible name, e.g. "Visa". */
  label: string;
  /** Height in pixels; the width follows the card's 38:24 shape. */
  height?: number;
}

function CardShape({ label, height = 24, children }: BrandLogoProps & { children: ReactNode }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 38 24"
      height={height}
      width={(height * 38) / 24}
      xmlns="http://www.w3.org/2000/svg"
      style={{ display: 'block', flexShrink: 0 }}
    >
      {children}
    </svg>
  );
}

const outline = (fill: string) => (
  <rect x="0.5" y="0.5" width="37" height="23" rx="3" fill={fill} stroke="#d9dde3" />
);

export function VisaLogo(props: BrandLogoProps) {
  return (
    <CardShape {...props}>
      {outline('#ffffff')}
      <text
        x="19"
        y="16.5"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="11"
        fontStyle="italic"
        fontWeight="700"
        fill="#1a1f71"
      >
        VISA
      </text>
    </CardShape>
  );
}

export function MastercardLogo(props: BrandLogoProps) {
  return (
    <CardShape {...props}>
      {outline('#ffffff')}
      <circle cx="15" cy="12" r="7" fill="#eb001b" />
      <circle cx="23" cy="12" r="7" fill="#f79e1b" />
      {/* Where the circles overlap: the lens between their intersections at x = 19. */}
      <path d="M19 6.26 A7 7 0 0 1 19 17.74 A7 7 0 0 1 19 6.26 Z" fill="#ff5f00" />
    </CardShape>
  );
}

export function AmexLogo(props: BrandLogoProps) {
  return (
    <CardShape {...props}>
      {outline('#006fcf')}
      <text
        x="19"
        y="15.5"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="9"
        fontWeight="700"
        fill="#ffffff"
      >
        AMEX
      </text>
    </CardShape>
  );
}

/** Any other brand, and a number whose brand is not known yet. */
export function GenericCardLogo(props: BrandLogoProps) {
  return (
    <CardShape {...props}>
      {outline('#f3f5f7')}
      <rect x="1" y="5" width="36" height="4" fill="#9aa3ad" />
      <rect x="5" y="14" width="12" height="2.5" rx="1" fill="#9aa3ad" />
      <rect x="5" y="18" width="7" height="2" rx="1" fill="#c3c9d0" />
    </CardShape>
  );
}

const LOGOS: Partial<Record<CardBrand, (props: BrandLogoProps) => ReactNode>> = {
  visa: VisaLogo,
  mastercard: MastercardLogo,
  amex: AmexLogo,
};

/**
 * The brand's logo, named by the brand ("Visa", or "Card" when the brand is unknown). `brand` is
 * as the processor names it (`card.brand`); names we do not know are shown as a card.
 */
export function CardBrandLogo({ brand, height }: { brand: string | null | undefined; height?: number }) {
  const { t } = useTranslation();
  const known = knownCardBrand(brand);
  const Logo = LOGOS[known] ?? GenericCardLogo;
  return <Logo label={t(`billing:brands.${known}`)} height={height} />;
}
