import { useState, type ImgHTMLAttributes } from 'react';
import { assetUrl } from '../domain/assetUrl';
import { selectAssetHost } from '../store/configSlice';
import { useAppSelector } from '../store/createStore';
import type { Picture } from '../types';

type ProductImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height'> & {
  picture: Picture | undefined;
  alt: string;
  width?: number;
  height?: number;
};

/** A product picture from the configured asset host, with its size set so nothing jumps while it loads. */
export function ProductImage({ picture, alt, width, height, className = '', ...rest }: ProductImageProps) {
  const assetHost = useAppSelector(selectAssetHost);
  const [failed, setFailed] = useState(false);
  const w = width ?? picture?.width ?? 800;
  const h = height ?? picture?.height ?? 800;
  if (!picture || failed) {
    return <span className={`sf-image sf-image--missing ${className}`} style={{ aspectRatio: `${w} / ${h}` }} role="img" aria-label={alt} />;
  }
  return (
    <img
      {...rest}
      className={`sf-image ${className}`}
      src={assetUrl(assetHost, picture.url)}
      width={w}
      height={h}
      alt={alt}
      onError={() => setFailed(true)}
    />
  );
}
