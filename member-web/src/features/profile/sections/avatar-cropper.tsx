import { type KeyboardEvent, type PointerEvent, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

export type Rotation = 0 | 90 | 180 | 270;
/** A square in pixels of the upright image after rotation: what the upload API takes as `crop`. */
export type CropSquare = { x: number; y: number; size: number };

/** Width and height of the image once turned by `rotate`. */
export function rotatedSize(img: HTMLImageElement, rotate: Rotation): { w: number; h: number } {
  const quarter = rotate === 90 || rotate === 270;
  return { w: quarter ? img.naturalHeight : img.naturalWidth, h: quarter ? img.naturalWidth : img.naturalHeight };
}

/** The largest centred square: where a new photo or a new rotation starts. */
export function centredSquare(img: HTMLImageElement, rotate: Rotation): CropSquare {
  const { w, h } = rotatedSize(img, rotate);
  const size = Math.min(w, h);
  return { x: Math.floor((w - size) / 2), y: Math.floor((h - size) / 2), size };
}

function clampSquare(sq: CropSquare, w: number, h: number): CropSquare {
  const size = Math.max(1, Math.min(Math.round(sq.size), w, h));
  return { size, x: Math.round(Math.min(Math.max(0, sq.x), w - size)), y: Math.round(Math.min(Math.max(0, sq.y), h - size)) };
}

/** Longest side of the preview canvas: enough for a sharp preview, small enough to stay fast. */
const PREVIEW_MAX = 720;

/**
 * The photo turned by `rotate` with a draggable square on it. Positions are kept in image pixels
 * and drawn as percentages, so the preview can be any width (phones included).
 */
export function AvatarCropper({ img, rotate, square, onChange }: { img: HTMLImageElement; rotate: Rotation; square: CropSquare; onChange: (sq: CropSquare) => void }) {
  const { t } = useTranslation("member");
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startX: number; startY: number; from: CropSquare } | null>(null);
  const { w, h } = rotatedSize(img, rotate);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext("2d");
    if (!canvas || !ctx) return;
    const k = Math.min(1, PREVIEW_MAX / Math.max(w, h));
    canvas.width = Math.round(w * k);
    canvas.height = Math.round(h * k);
    ctx.save();
    ctx.translate(canvas.width / 2, canvas.height / 2);
    ctx.rotate((rotate * Math.PI) / 180);
    const dw = img.naturalWidth * k;
    const dh = img.naturalHeight * k;
    ctx.drawImage(img, -dw / 2, -dh / 2, dw, dh);
    ctx.restore();
  }, [img, rotate, w, h]);

  const pxPerImagePx = () => (frameRef.current?.getBoundingClientRect().width ?? w) / w;

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startX: e.clientX, startY: e.clientY, from: square };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const k = pxPerImagePx();
    onChange(clampSquare({ ...d.from, x: d.from.x + (e.clientX - d.startX) / k, y: d.from.y + (e.clientY - d.startY) / k }, w, h));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = Math.max(1, Math.round(Math.min(w, h) / 50));
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    onChange(clampSquare({ ...square, x: square.x + move[0], y: square.y + move[1] }, w, h));
  };

  const pct = (v: number, of: number) => `${(100 * v) / of}%`;
  return (
    <div className="cropper" ref={frameRef} style={{ aspectRatio: `${w} / ${h}` }}>
      <canvas ref={canvasRef} className="cropper-canvas" aria-label={t("avatar.preview")} role="img" />
      <div
        className="cropper-square"
        role="slider"
        tabIndex={0}
        aria-label={t("avatar.cropArea")}
        aria-valuenow={square.x}
        aria-valuetext={`${square.x}, ${square.y}, ${square.size}×${square.size}`}
        style={{ left: pct(square.x, w), top: pct(square.y, h), width: pct(square.size, w), height: pct(square.size, h) }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}

/** Resizes the square around its centre (the zoom slider). */
export function resizeSquare(sq: CropSquare, size: number, img: HTMLImageElement, rotate: Rotation): CropSquare {
  const { w, h } = rotatedSize(img, rotate);
  const cx = sq.x + sq.size / 2;
  const cy = sq.y + sq.size / 2;
  return clampSquare({ x: cx - size / 2, y: cy - size / 2, size }, w, h);
}
