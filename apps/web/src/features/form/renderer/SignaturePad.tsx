import { attachmentLimits } from '@idara/domain';
import { Button, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconEraser, IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import classes from './FormRenderer.module.css';

/** A point in the pad's own coordinates: x and y from 0 to 1 of its width and height. */
interface Point {
  x: number;
  y: number;
  /** Line width factor (pen pressure); 1 for mouse and touch. */
  w: number;
}
type Stroke = Point[];

const INK = '#1b2a55';
const PAD_HEIGHT = 180;
const BASE_WIDTH = 2.6;
const TYPED_FONT = '"IBM Plex Sans Arabic", system-ui, sans-serif';

function drawStrokes(
  ctx: CanvasRenderingContext2D,
  strokes: Stroke[],
  width: number,
  height: number,
  scale = 1,
) {
  ctx.strokeStyle = INK;
  ctx.fillStyle = INK;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const stroke of strokes) {
    if (stroke.length === 1) {
      const p = stroke[0];
      ctx.beginPath();
      ctx.arc(p.x * width, p.y * height, (BASE_WIDTH * p.w * scale) / 2, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    for (let i = 1; i < stroke.length; i++) {
      const a = stroke[i - 1];
      const b = stroke[i];
      const prev = stroke[i - 2] ?? a;
      // A quadratic curve through the midpoints keeps the line smooth.
      ctx.beginPath();
      ctx.lineWidth = BASE_WIDTH * ((a.w + b.w) / 2) * scale;
      ctx.moveTo(((prev.x + a.x) / 2) * width, ((prev.y + a.y) / 2) * height);
      ctx.quadraticCurveTo(a.x * width, a.y * height, ((a.x + b.x) / 2) * width, ((a.y + b.y) / 2) * height);
      ctx.stroke();
    }
  }
}

function typedFont(size: number) {
  return `600 ${size}px ${TYPED_FONT}`;
}

/** The signature as a PNG, cropped to what was drawn, on a transparent background. */
async function exportPng(strokes: Stroke[], typed: string, padWidth: number): Promise<Blob | null> {
  const scale = 2;
  const W = padWidth * scale;
  const H = PAD_HEIGHT * scale;
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  let box = { x0: W, y0: H, x1: 0, y1: 0 };
  if (typed) {
    ctx.direction = 'rtl';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.font = typedFont(44 * scale);
    ctx.fillStyle = INK;
    ctx.fillText(typed, W / 2, H / 2, W - 40 * scale);
    const m = ctx.measureText(typed);
    const half = Math.min(m.width, W - 40 * scale) / 2;
    box = { x0: W / 2 - half, y0: H / 2 - 34 * scale, x1: W / 2 + half, y1: H / 2 + 34 * scale };
  } else {
    drawStrokes(ctx, strokes, W, H, scale);
    for (const p of strokes.flat()) {
      box = {
        x0: Math.min(box.x0, p.x * W),
        y0: Math.min(box.y0, p.y * H),
        x1: Math.max(box.x1, p.x * W),
        y1: Math.max(box.y1, p.y * H),
      };
    }
  }
  const pad = 12 * scale;
  const x0 = Math.max(0, Math.floor(box.x0 - pad));
  const y0 = Math.max(0, Math.floor(box.y0 - pad));
  const x1 = Math.min(W, Math.ceil(box.x1 + pad));
  const y1 = Math.min(H, Math.ceil(box.y1 + pad));
  const out = document.createElement('canvas');
  out.width = Math.max(1, x1 - x0);
  out.height = Math.max(1, y1 - y0);
  out.getContext('2d')?.drawImage(canvas, x0, y0, out.width, out.height, 0, 0, out.width, out.height);
  return new Promise((resolve) => out.toBlob(resolve, 'image/png'));
}

export interface SignaturePadProps {
  /** Accessible name of the pad (the field's label). */
  label: string;
  /** Receives the PNG when the user confirms; the pad shows the loading state until it settles. */
  onConfirm?: (png: Blob) => Promise<void>;
  /** Shown when there is a stored signature to go back to. */
  onCancel?: () => void;
  /** Why confirming is not possible here (the builder preview); drawing still works. */
  disabledHint?: string;
  describedBy?: string;
  invalid?: boolean;
}

/**
 * Signature pad: draw with a mouse, a finger or a pen (pointer events, pen pressure), or type the
 * name with the keyboard; clear, undo, and confirm ("اعتماد التوقيع") to upload a PNG.
 */
export function SignaturePad({
  label,
  onConfirm,
  onCancel,
  disabledHint,
  describedBy,
  invalid,
}: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const current = useRef<Stroke | null>(null);
  const [mode, setMode] = useState<'draw' | 'type'>('draw');
  const [typed, setTyped] = useState('');
  const [width, setWidth] = useState(0);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const typedText = mode === 'type' ? typed.trim() : '';
  const empty = mode === 'type' ? typedText === '' : strokes.length === 0;

  const redraw = useCallback(
    (extra?: Stroke) => {
      const canvas = canvasRef.current;
      if (!canvas || width === 0) return;
      const dpr = window.devicePixelRatio || 1;
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, width, PAD_HEIGHT);
      if (mode === 'type') {
        if (!typedText) return;
        ctx.direction = 'rtl';
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.font = typedFont(44);
        ctx.fillStyle = INK;
        ctx.fillText(typedText, width / 2, PAD_HEIGHT / 2, width - 40);
        return;
      }
      drawStrokes(ctx, extra ? [...strokes, extra] : strokes, width, PAD_HEIGHT);
    },
    [strokes, width, mode, typedText],
  );

  // Follow the container's width; the canvas keeps device pixels for a sharp line.
  useEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const observer = new ResizeObserver(() => setWidth(Math.floor(wrap.clientWidth)));
    observer.observe(wrap);
    setWidth(Math.floor(wrap.clientWidth));
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width === 0) return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(PAD_HEIGHT * dpr);
    redraw();
  }, [width, redraw]);

  const pointOf = (e: React.PointerEvent<HTMLCanvasElement> | PointerEvent): Point => {
    const rect = canvasRef.current!.getBoundingClientRect();
    const pen = e.pointerType === 'pen' && e.pressure > 0;
    return {
      x: Math.min(1, Math.max(0, (e.clientX - rect.left) / rect.width)),
      y: Math.min(1, Math.max(0, (e.clientY - rect.top) / rect.height)),
      w: pen ? 0.5 + e.pressure : 1,
    };
  };

  const onPointerDown = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (mode !== 'draw' || busy || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    current.current = [pointOf(e)];
    setProblem(null);
    redraw(current.current);
  };

  const onPointerMove = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const stroke = current.current;
    if (!stroke) return;
    const events = e.nativeEvent.getCoalescedEvents?.() ?? [];
    for (const ev of events.length ? events : [e.nativeEvent]) stroke.push(pointOf(ev));
    redraw(stroke);
  };

  const endStroke = () => {
    const stroke = current.current;
    current.current = null;
    if (stroke && stroke.length > 0) setStrokes((s) => [...s, stroke]);
  };

  const clear = () => {
    setStrokes([]);
    setTyped('');
    setProblem(null);
  };

  const confirm = async () => {
    if (!onConfirm || empty) return;
    setBusy(true);
    setProblem(null);
    try {
      const png = await exportPng(mode === 'draw' ? strokes : [], typedText, width || 600);
      if (!png) throw new Error('تعذر تجهيز صورة التوقيع');
      if (png.size > attachmentLimits.signature.maxBytes) {
        setProblem('التوقيع كبير جداً، امسحه ووقّع بخط أبسط');
        return;
      }
      await onConfirm(png);
    } catch (e) {
      setProblem(`تعذر حفظ التوقيع: ${e instanceof Error ? e.message : 'حدث خطأ'}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={classes.signature}>
      <SegmentedControl
        size="xs"
        value={mode}
        onChange={(v) => setMode(v as 'draw' | 'type')}
        data={[
          { value: 'draw', label: 'رسم' },
          { value: 'type', label: 'كتابة الاسم' },
        ]}
        aria-label="طريقة التوقيع"
        disabled={busy}
      />
      {mode === 'type' && (
        <TextInput
          aria-label={`اكتب اسمك للتوقيع: ${label}`}
          placeholder="اكتب اسمك كما تريده في التوقيع"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          maxLength={60}
          disabled={busy}
        />
      )}
      <div ref={wrapRef} className={classes.pad} data-invalid={invalid || undefined}>
        <canvas
          ref={canvasRef}
          className={classes.canvas}
          style={{ height: PAD_HEIGHT }}
          role="img"
          aria-label={
            mode === 'draw'
              ? `لوحة التوقيع: ${label}. ارسم بالفأرة أو بالإصبع أو بالقلم، أو اختر «كتابة الاسم»`
              : `معاينة التوقيع المكتوب: ${label}`
          }
          aria-describedby={describedBy}
          data-testid="signature-canvas"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endStroke}
          onPointerCancel={endStroke}
          onLostPointerCapture={endStroke}
        />
        {empty && (
          <Text className={classes.padHint} size="sm" aria-hidden>
            {mode === 'draw' ? 'وقّع هنا' : 'يظهر اسمك هنا'}
          </Text>
        )}
        <div className={classes.padLine} aria-hidden />
      </div>
      <Group gap="xs" wrap="wrap">
        <Button
          size="xs"
          leftSection={<IconCheck size={16} />}
          onClick={() => void confirm()}
          loading={busy}
          disabled={empty || !onConfirm}
        >
          اعتماد التوقيع
        </Button>
        {mode === 'draw' && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconArrowBackUp size={16} />}
            onClick={() => setStrokes((s) => s.slice(0, -1))}
            disabled={strokes.length === 0 || busy}
          >
            تراجع
          </Button>
        )}
        <Button
          size="xs"
          variant="default"
          leftSection={<IconEraser size={16} />}
          onClick={clear}
          disabled={empty || busy}
        >
          مسح
        </Button>
        {onCancel && (
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={16} />}
            onClick={onCancel}
            disabled={busy}
          >
            إلغاء
          </Button>
        )}
      </Group>
      {disabledHint && (
        <Text size="xs" c="dimmed">
          {disabledHint}
        </Text>
      )}
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
    </div>
  );
}
