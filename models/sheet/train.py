"""Trains the sheet model (models/sheet/net.py) on prepared pairs (prepare.ts): generated desk photos
and flat pages, cut to random frames (sheets partly out of frame, tight crops) and recoloured. Two
answers per cell: the sheet, and whether something lies on it (the generated photos' object cover;
none on flat pages and scans). The checkpoint is chosen on validation only: generated val photos, flat
pages and the real sheet photos' val session (sheet IoU at the output's 128 x 128), the generated val
photos' cover IoU, and how little cover flat pages and scans get. Resumable; the best checkpoint is
exported to ONNX.

  /usr/bin/python3 models/sheet/train.py --data DIR [--data DIR]... --val DIR [--val DIR]... --work DIR --out models/sheet.onnx
"""
import argparse
import glob
import os
import random
import sys
import time

import cv2
import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from averaged_training import save_checkpoint, set_cosine_lr, start_training, update_average  # noqa: E402
from net import INPUT_SIZE, OUTPUT_STRIDE, SheetNet, export_onnx, param_count  # noqa: E402

OUTPUT_SIZE = INPUT_SIZE // OUTPUT_STRIDE


def load_pairs(folder):
    pairs = []
    for f in sorted(glob.glob(os.path.join(folder, '*.rgb.png'))):
        name = os.path.basename(f)[:-len('.rgb.png')]
        rgb = cv2.cvtColor(cv2.imread(f, cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGB)
        mask = cv2.imread(os.path.join(folder, name + '.mask.png'), cv2.IMREAD_GRAYSCALE)
        objects_file = os.path.join(folder, name + '.objects.png')
        # Flat pages and scans have nothing on them; a real photo's truth does not say (None).
        objects = cv2.imread(objects_file, cv2.IMREAD_GRAYSCALE) if os.path.exists(objects_file) else (None if name.startswith('real') else np.zeros_like(mask))
        pairs.append((name, rgb, mask, objects))
    return pairs


def to_input(rgb):
    """The model input as the product makes it: mean colour per cell of the frame stretched to a square."""
    cells = cv2.resize(rgb, (INPUT_SIZE, INPUT_SIZE), interpolation=cv2.INTER_AREA)
    return np.rint(cells).astype(np.float32).transpose(2, 0, 1) / 255.0


def to_target(mask):
    return cv2.resize(mask, (OUTPUT_SIZE, OUTPUT_SIZE), interpolation=cv2.INTER_AREA).astype(np.float32) / 255.0


def sample(pair, rng):
    _, rgb, mask, objects = pair
    h, w = mask.shape
    if rng.random() < 0.6:
        cw, ch = int(w * rng.uniform(0.55, 1.0)), int(h * rng.uniform(0.55, 1.0))
        x0, y0 = rng.randrange(0, w - cw + 1), rng.randrange(0, h - ch + 1)
        rgb, mask, objects = rgb[y0:y0 + ch, x0:x0 + cw], mask[y0:y0 + ch, x0:x0 + cw], objects[y0:y0 + ch, x0:x0 + cw]
    if rng.random() < 0.5:
        rgb, mask, objects = rgb[:, ::-1], mask[:, ::-1], objects[:, ::-1]
    if rng.random() < 0.5:
        rgb, mask, objects = rgb[::-1], mask[::-1], objects[::-1]
    if rng.random() < 0.5:
        rgb, mask, objects = rgb.transpose(1, 0, 2), mask.T, objects.T
    rgb = np.ascontiguousarray(rgb).astype(np.float32)
    if rng.random() < 0.2:
        rgb = cv2.GaussianBlur(rgb, (0, 0), rng.uniform(0.5, 1.5))
    # Exposure, white balance and contrast of another phone.
    gains = np.array([rng.uniform(0.92, 1.08) for _ in range(3)], np.float32) * rng.uniform(0.75, 1.15)
    rgb = 255.0 * np.clip(rgb * gains / 255.0, 0, 1) ** rng.uniform(0.8, 1.25)
    x = to_input(np.clip(rgb, 0, 255))
    if rng.random() < 0.3:
        x = np.clip(x + np.random.default_rng(rng.randrange(1 << 30)).normal(0, rng.uniform(0.002, 0.012), x.shape).astype(np.float32), 0, 1)
    return x, np.stack([to_target(np.ascontiguousarray(mask)), to_target(np.ascontiguousarray(objects))])


def pick_pair(photos, flats, scans, args, rng):
    if scans and args.scan_share > 0 and rng.random() < args.scan_share:
        return rng.choice(scans)
    return rng.choice(flats) if flats and rng.random() < args.flat_share else rng.choice(photos)


def loss_of(logits, target):
    """Sheet: BCE + soft IoU per sample. Cover: BCE + soft IoU over the whole batch (most frames have
    little or nothing on them, so a per-sample IoU would mostly score empty maps)."""
    bce = F.binary_cross_entropy_with_logits(logits, target)
    p = torch.sigmoid(logits)
    sheet_p, sheet_t = p[:, :1], target[:, :1]
    inter = (sheet_p * sheet_t).sum((1, 2, 3))
    union = (sheet_p + sheet_t - sheet_p * sheet_t).sum((1, 2, 3))
    cover_p, cover_t = p[:, 1:], target[:, 1:]
    cover_inter = (cover_p * cover_t).sum()
    cover_union = (cover_p + cover_t - cover_p * cover_t).sum()
    return bce + (1 - (inter + 1) / (union + 1)).mean() + (1 - (cover_inter + 1) / (cover_union + 1))


@torch.no_grad()
def evaluate(model, pairs):
    """Per source (real, photo, flat, scan): the mean IoU of the sheet (p > 0.5 vs truth >= 0.5); the
    cover's IoU pooled over the generated photos ('cover'); and one minus the share of flat pages' and
    scans' cells called covered ('clear')."""
    model.eval()
    scores = {}
    cover_inter = cover_union = 0
    false_cover = []
    for name, rgb, mask, objects in pairs:
        p = torch.sigmoid(model(torch.from_numpy(to_input(rgb))[None]))[0].numpy() > 0.5
        t = to_target(mask) >= 0.5
        union = (p[0] | t).sum()
        source = name.split('-')[0]
        scores.setdefault(source, []).append(float((p[0] & t).sum() / union) if union else 1.0)
        if objects is None:
            continue
        if source in ('flat', 'scan'):
            false_cover.append(float(p[1].mean()))
        else:
            o = to_target(objects) >= 0.5
            cover_inter += int((p[1] & o).sum())
            cover_union += int((p[1] | o).sum())
    model.train()
    result = {k: float(np.mean(v)) for k, v in scores.items()}
    if cover_union:
        result['cover'] = cover_inter / cover_union
    if false_cover:
        result['clear'] = 1 - float(np.mean(false_cover))
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', action='append', required=True)
    ap.add_argument('--val', action='append', required=True)
    ap.add_argument('--work', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--steps', type=int, default=4000)
    ap.add_argument('--minutes', type=float, default=1e9)
    ap.add_argument('--batch', type=int, default=16)
    ap.add_argument('--lr', type=float, default=3e-3)
    ap.add_argument('--flat-share', type=float, default=0.15)
    ap.add_argument('--threads', type=int, default=2)
    ap.add_argument('--checkpoint-every', type=int, default=250)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--ema', type=float, default=0.998)
    ap.add_argument('--scan-share', type=float, default=0.0, help='share of the batch from real flat scans (names scan-*: all sheet)')
    ap.add_argument('--init', default='', help='start from these weights (a best.pt of an earlier run) instead of at random')
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    os.makedirs(args.work, exist_ok=True)
    pairs = [p for d in args.data for p in load_pairs(d)]
    photos = [p for p in pairs if not p[0].startswith(('flat', 'scan'))]
    flats = [p for p in pairs if p[0].startswith('flat')]
    scans = [p for p in pairs if p[0].startswith('scan')]
    val = [p for d in args.val for p in load_pairs(d)]
    print(f'train: {len(photos)} photos, {len(flats)} flat pages, {len(scans)} real scans; val: {len(val)}', flush=True)

    model = SheetNet()
    print(f'SheetNet: {param_count(model)} parameters', flush=True)
    ema, opt, step, best = start_training(model, args.work, args.lr, rng, args.init)
    started = time.time()
    losses = []
    while step < args.steps and (time.time() - started) < args.minutes * 60:
        lr = set_cosine_lr(opt, args.lr, step, args.steps)
        batch = [sample(pick_pair(photos, flats, scans, args, rng), rng) for _ in range(args.batch)]
        x = torch.from_numpy(np.stack([b[0] for b in batch]))
        t = torch.from_numpy(np.stack([b[1] for b in batch]))
        loss = loss_of(model(x), t)
        opt.zero_grad()
        loss.backward()
        opt.step()
        update_average(ema, model, min(args.ema, (1 + step) / (10 + step)))
        losses.append(float(loss))
        step += 1
        if step % 50 == 0:
            print(f'step {step} loss {np.mean(losses[-50:]):.4f} lr {lr:.5f} {time.time() - started:.0f}s', flush=True)
        if step % args.checkpoint_every == 0 or step == args.steps:
            scores = evaluate(ema, val)
            score = float(np.mean(list(scores.values())))
            print(f'val step {step}: ' + ', '.join(f'{k} IoU {v:.4f}' for k, v in sorted(scores.items())) + f' → {score:.4f}', flush=True)
            if score > best:
                best = score
                torch.save(ema.state_dict(), os.path.join(args.work, 'best.pt'))
            save_checkpoint(args.work, model, ema, opt, step, best, rng)
    best_path = os.path.join(args.work, 'best.pt')
    if os.path.exists(best_path):
        ema.load_state_dict(torch.load(best_path))
    export_onnx(ema, args.out)
    print(f'exported {args.out} (best val score {best:.4f}, step {step})', flush=True)


if __name__ == '__main__':
    main()
