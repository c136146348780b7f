"""Trains the ink-separation model (models/separation/net.py) on prepared pages (prepare.ts): real
pages with pixel truth and generated pages, learning per cell the coefficients of the full-resolution
ink/paper decision. Resumable: a checkpoint is written every --checkpoint-every steps and picked up
again; the best checkpoint by the real validation pages' F-measure is exported to ONNX.

  /usr/bin/python3 models/separation/train.py --data DIR --out models/inksep.onnx [--minutes N]
"""
import argparse
import math
import os
import random
import sys
import time

import cv2
import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from averaged_training import save_checkpoint, set_cosine_lr, start_training, update_average  # noqa: E402
from data import FAINTEST_STRENGTH, OUTPUT_STRIDE, Page, cell_input, load_pages, taps  # noqa: E402
from fromOnnx import inksep_from_onnx  # noqa: E402
from net import InkSep, export_onnx, param_count  # noqa: E402
from transplant import bleed_through, transplant_ink  # noqa: E402

CROP_CELLS = 192
CROP_ANSWERS = CROP_CELLS // OUTPUT_STRIDE


def augment_planes(d, l, t, rng, blur=0.0, fade=0.5, noise_share=0.1):
    """Ink contrast as faded or strong ink would give it (a page faded as a whole is still ink: down
    to 0.3 of its contrast), sensor noise, and optionally a soft focus."""
    gain = 1.0
    if rng.random() < fade:
        gain = math.exp(rng.uniform(math.log(0.3), math.log(1.25)))
        d = d * gain
        l = l * gain
    if blur > 0 and rng.random() < blur:
        sigma = rng.uniform(0.4, 1.0)
        d = cv2.GaussianBlur(d, (0, 0), sigma)
        l = cv2.GaussianBlur(l, (0, 0), sigma)
    if rng.random() < noise_share:
        noise = np.random.default_rng(rng.randrange(1 << 30)).normal(0, rng.uniform(1, 3), d.shape)
        d = d + noise
        l = l + noise
    return np.clip(np.rint(d), 0, 255), np.clip(np.rint(l), 0, 255), t, gain


def choose_ink_to_fade(inks, rng):
    """A generated page's stamp or signature (coverage > 0), one of those present, or None."""
    stamp, signature, _ = inks
    present = [m for m in (stamp, signature) if np.count_nonzero(m) > 0]
    return rng.choice(present) > 0 if present else None


def fade_one_ink(d, l, own, every_other, rng):
    """One ink of a generated crop (a stamp or a signature) faded to 0.2–0.7 of its contrast while the
    rest keeps its own: a pale stamp or a light pen beside dark print is still ink, unlike the
    bleed-through and stains the real pages teach, which are faint and blurred. The ink's own pixels
    and its halo (3 px) fade; where other ink lies within 2 px nothing changes."""
    kernel = lambda r: cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    region = cv2.dilate(own.astype(np.uint8), kernel(3)) & (1 - cv2.dilate(every_other.astype(np.uint8), kernel(2)))
    gain = math.exp(rng.uniform(math.log(0.2), math.log(0.7)))
    scale = np.where(region > 0, gain, 1.0)
    return d * scale, l * scale


def rescaled(page, rng, scale_jitter):
    """The page as if scanned at another resolution: the cells stay 1024 on the long side, the pixels per cell change."""
    if scale_jitter <= 0 or rng.random() < 0.5:
        return page
    z = math.exp(rng.uniform(-scale_jitter, scale_jitter))
    width, height = max(64, round(page.width * z)), max(64, round(page.height * z))
    return page.resized(width, height)


def sample_crop(page, rng, scale_jitter=0.0, blur=0.0, fade=0.5, donors=(), transplant=0.0, bleed=0.0, fade_ink=0.0):
    """`donors` (real train pages, weights): with chance `transplant` another page's ink is laid over
    the crop at its own contrast, with chance `bleed` another page's ink shows through as paper. With
    chance `fade_ink` a generated page's stamp or signature is faded beside its other ink."""
    inks = page.inks() if fade_ink > 0 and rng.random() < fade_ink else None
    own = choose_ink_to_fade(inks, rng) if inks is not None else None
    page = rescaled(page, rng, scale_jitter) if own is None else page
    cw = min(CROP_CELLS, page.cells_wide)
    ch = min(CROP_CELLS, page.cells_high)
    xs0, xs1 = page.xs
    ys0, ys1 = page.ys
    # Crops start on an answer's first cell, so the crop's answers are the page's.
    starts_x = (page.cells_wide - cw) // OUTPUT_STRIDE + 1
    starts_y = (page.cells_high - ch) // OUTPUT_STRIDE + 1
    if own is None:
        cx0 = rng.randrange(0, starts_x) * OUTPUT_STRIDE
        cy0 = rng.randrange(0, starts_y) * OUTPUT_STRIDE
    else:
        # The crop holds a pixel of the ink to fade.
        ys, xs = np.nonzero(own)
        k = rng.randrange(len(xs))
        cell_x = int(np.searchsorted(xs1, xs[k], side='right'))
        cell_y = int(np.searchsorted(ys1, ys[k], side='right'))
        cx0 = min(starts_x - 1, max(0, (cell_x - rng.randrange(cw)) // OUTPUT_STRIDE)) * OUTPUT_STRIDE
        cy0 = min(starts_y - 1, max(0, (cell_y - rng.randrange(ch)) // OUTPUT_STRIDE)) * OUTPUT_STRIDE
    px0, px1 = xs0[cx0], xs1[cx0 + cw - 1]
    py0, py1 = ys0[cy0], ys1[cy0 + ch - 1]
    d = page.deficit[py0:py1, px0:px1].astype(np.float64)
    l = page.luma[py0:py1, px0:px1].astype(np.float64)
    t = page.truth[py0:py1, px0:px1]
    darkest = page.darkest_level()
    if own is not None:
        stamp, signature, every = (m[py0:py1, px0:px1] for m in inks)
        every_other = (every.astype(np.int16) - np.maximum(stamp, signature).astype(np.int16)) > 32
        d, l = fade_one_ink(d, l, own[py0:py1, px0:px1], every_other, rng)
    if donors and bleed > 0 and rng.random() < bleed:
        d, l = bleed_through(d, l, rng.choices(donors[0], weights=donors[1])[0], rng)
    if donors and transplant > 0 and rng.random() < transplant:
        d, l, t, donor_darkest = transplant_ink(d, l, t, rng.choices(donors[0], weights=donors[1])[0], rng)
        darkest = max(darkest, donor_darkest)
    d, l, t, gain = augment_planes(d, l, t, rng, blur, fade)
    strength = max(FAINTEST_STRENGTH, darkest * gain) / 255.0
    sx = (xs0[cx0:cx0 + cw] - px0, xs1[cx0:cx0 + cw] - px0)
    sy = (ys0[cy0:cy0 + ch] - py0, ys1[cy0:cy0 + ch] - py0)
    x = cell_input(d, l, sx, sy) / np.float32(strength)
    tx = taps(page.width, page.answers_wide)
    ty = taps(page.height, page.answers_high)
    tx = [a[px0:px1] for a in tx]
    ty = [a[py0:py1] for a in ty]
    ax0, ay0 = cx0 // OUTPUT_STRIDE, cy0 // OUTPUT_STRIDE
    aw, ah = cw // OUTPUT_STRIDE, ch // OUTPUT_STRIDE
    tx[0], tx[1] = tx[0] - ax0, tx[1] - ax0
    ty[0], ty[1] = ty[0] - ay0, ty[1] - ay0
    # Pixels interpolated from answers outside the crop are not scored (their answers saw no context).
    inside_x = (tx[0] >= 0) & (tx[1] < aw) & (tx[1] >= 0)
    inside_y = (ty[0] >= 0) & (ty[1] < ah) & (ty[1] >= 0)
    for a in (tx, ty):
        a[0] = np.clip(a[0], 0, CROP_ANSWERS - 1)
        a[1] = np.clip(a[1], 0, CROP_ANSWERS - 1)
    valid = (t != 128) & inside_y[:, None] & inside_x[None, :]
    # Flips and a transpose, applied to everything alike.
    if rng.random() < 0.5:
        x, d, l, t, valid = x[:, :, ::-1], d[:, ::-1], l[:, ::-1], t[:, ::-1], valid[:, ::-1]
        tx = flip_taps(tx, aw)
    if rng.random() < 0.5:
        x, d, l, t, valid = x[:, ::-1, :], d[::-1], l[::-1], t[::-1], valid[::-1]
        ty = flip_taps(ty, ah)
    if rng.random() < 0.5:
        x, d, l, t, valid = x.transpose(0, 2, 1), d.T, l.T, t.T, valid.T
        tx, ty = ty, tx
        cw, ch = ch, cw
    padded = np.zeros((4, CROP_CELLS, CROP_CELLS), np.float32)
    padded[:, :x.shape[1], :x.shape[2]] = x
    return {
        'input': padded,
        'deficit': np.ascontiguousarray(d, np.float32) / 255,
        'luma': np.ascontiguousarray(l, np.float32) / 255,
        'truth': np.ascontiguousarray(t >= 192, np.float32),
        'valid': np.ascontiguousarray(valid, np.float32),
        'strength': strength,
        'tx': [np.ascontiguousarray(a[::1]) for a in tx],
        'ty': [np.ascontiguousarray(a[::1]) for a in ty],
    }


def flip_taps(t, cells):
    lo, hi, f = t
    return [(cells - 1 - hi)[::-1].copy(), (cells - 1 - lo)[::-1].copy(), (1 - f)[::-1].copy()]


def slice_coefficients(coeff, tx, ty):
    """coeff [3, H, W] → [3, h, w] at full resolution by the bilinear taps."""
    x0, x1, fx = [torch.from_numpy(np.asarray(a)) for a in tx]
    y0, y1, fy = [torch.from_numpy(np.asarray(a)) for a in ty]
    rows = coeff[:, y0] * (1 - fy)[None, :, None] + coeff[:, y1] * fy[None, :, None]
    return rows[:, :, x0] * (1 - fx)[None, None, :] + rows[:, :, x1] * fx[None, None, :]


def decision_logits(coeff, deficit, luma, strength=1.0):
    return (coeff[0] * deficit + coeff[1] * luma) / strength + coeff[2]


def sample_loss(coeff, s):
    c = slice_coefficients(coeff, s['tx'], s['ty'])
    z = decision_logits(c, torch.from_numpy(s['deficit']), torch.from_numpy(s['luma']), s['strength'])
    t = torch.from_numpy(s['truth'])
    v = torch.from_numpy(s['valid'])
    n = v.sum().clamp(min=1)
    bce = (F.binary_cross_entropy_with_logits(z, t, reduction='none') * v).sum() / n
    p = torch.sigmoid(z) * v
    tv = t * v
    soft_f = 1 - (2 * (p * tv).sum() + 1) / (p.sum() + tv.sum() + 1)
    return bce + soft_f


def distillation_loss(coeff, teacher, s):
    """BCE of the decision against the teacher's soft decision on the same crop (train.py --teacher)."""
    d = torch.from_numpy(s['deficit'])
    l = torch.from_numpy(s['luma'])
    z = decision_logits(slice_coefficients(coeff, s['tx'], s['ty']), d, l, s['strength'])
    target = torch.sigmoid(decision_logits(slice_coefficients(teacher, s['tx'], s['ty']), d, l, s['strength']))
    v = torch.from_numpy(s['valid'])
    return (F.binary_cross_entropy_with_logits(z, target, reduction='none') * v).sum() / v.sum().clamp(min=1)


def f_measure(pred, truth, valid):
    tp = float((pred & truth & valid).sum())
    fp = float((pred & ~truth & valid).sum())
    fn = float((~pred & truth & valid).sum())
    if tp == 0:
        return 100.0 if fp == 0 and fn == 0 else 0.0
    p, r = tp / (tp + fp), tp / (tp + fn)
    return 200 * p * r / (p + r)


@torch.no_grad()
def evaluate(model, pages, fade=1.0):
    """FM per page; `fade` < 1 scores the pages as if their ink had faded to that share of its contrast."""
    model.eval()
    scores = {}
    for page in pages:
        if fade != 1.0:
            page = Page(None, page.meta, (np.rint(page.deficit * fade).astype(np.uint8), np.rint(page.luma * fade).astype(np.uint8), page.truth))
        x = torch.from_numpy(page.full_input())[None]
        coeff = model(x)[0]
        tx = taps(page.width, page.answers_wide)
        ty = taps(page.height, page.answers_high)
        c = slice_coefficients(coeff, tx, ty)
        z = decision_logits(c, torch.from_numpy(page.deficit.astype(np.float32) / 255), torch.from_numpy(page.luma.astype(np.float32) / 255), page.strength())
        pred = (z > 0).numpy()
        scores[page.name] = (page.source, f_measure(pred, page.truth >= 192, page.truth != 128))
    model.train()
    return scores


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', required=True)
    ap.add_argument('--out', default='models/inksep.onnx')
    ap.add_argument('--work', default='models/.cache/separation-run')
    ap.add_argument('--minutes', type=float, default=1e9, help='stop (resumable, nothing exported) after this long')
    ap.add_argument('--steps', type=int, default=5000, help='planned steps (the learning rate schedule; inksep-v1: 5 000)')
    ap.add_argument('--batch', type=int, default=8)
    ap.add_argument('--lr', type=float, default=3e-3)
    ap.add_argument('--real-share', type=float, default=0.65)
    ap.add_argument('--threads', type=int, default=2)
    ap.add_argument('--checkpoint-every', type=int, default=200)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--scale-jitter', type=float, default=0.0, help='pages rescaled by up to e^±this (half of the crops)')
    ap.add_argument('--fade', type=float, default=0.5, help='share of crops whose ink contrast is scaled by 0.3–1.25')
    ap.add_argument('--blur', type=float, default=0.0, help='share of crops softened by a Gaussian blur')
    ap.add_argument('--photo-share', type=float, default=0.0, help='share of crops from generated photos (the rest of the non-real share: generated pages)')
    ap.add_argument('--photo-weight', type=float, default=0.0,
                    help='the checkpoint is chosen on real val FM + this × generated photos\' val FM (besides --generated-weight)')
    ap.add_argument('--init', default='', help='start from these weights (a best.pt of an earlier run) instead of at random')
    ap.add_argument('--transplant', type=float, default=0.0, help='share of crops with another real page\'s ink laid over')
    ap.add_argument('--bleed', type=float, default=0.0, help='share of crops with another real page\'s ink showing through')
    ap.add_argument('--fade-ink', type=float, default=0.0,
                    help='share of generated crops with their stamp or signature faded beside the rest (fade_one_ink)')
    ap.add_argument('--ema', type=float, default=0.998, help='decay of the weights\' running average')
    ap.add_argument('--widths', default='16,32,48,64,96', help='channels at 1/2 … 1/32 of the cells')
    ap.add_argument('--generated-weight', type=float, default=0.0,
                    help='the checkpoint is chosen on real val FM + this × generated val FM')
    ap.add_argument('--freeze-bn', action='store_true', help='BatchNorm kept in eval mode (a start from an exported model: fromOnnx.py)')
    ap.add_argument('--teacher', default='',
                    help='comma-separated inksep ONNX files of one network each: their mean decision is learned beside the truth')
    ap.add_argument('--teacher-weight', type=float, default=1.0, help='weight of the teacher\'s loss beside the truth\'s')
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    # Without it a two-thread run beside other work parts from a quiet one within 50 steps (some
    # kernel's sums follow the threads' timing); with it the weights are identical, quiet or loaded.
    # warn_only: an option whose op has no deterministic kernel still runs (and says so).
    torch.use_deterministic_algorithms(True, warn_only=True)
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    os.makedirs(args.work, exist_ok=True)
    pages = load_pages(args.data)
    train_real = [p for p in pages if p.split == 'train' and p.source == 'real']
    train_synth = [p for p in pages if p.split == 'train' and p.source == 'synth']
    train_photo = [p for p in pages if p.split == 'train' and p.source == 'photo']
    val = [p for p in pages if p.split == 'val']
    print(f'train: {len(train_real)} real, {len(train_synth)} generated, {len(train_photo)} generated photos; val: {len(val)} pages', flush=True)
    # Real pages weighted by area: a large page holds more of the writing to learn from.
    real_weights = [p.width * p.height for p in train_real]
    donors = (train_real, real_weights)

    model = InkSep(tuple(int(w) for w in args.widths.split(',')))
    print(f'InkSep: {param_count(model)} parameters', flush=True)
    # The weights' running average is what is validated and exported: single steps on a few crops of
    # very different pages move a small network a lot (validation FM jumped by 15 points between
    # checkpoints without it).
    ema, opt, step, best = start_training(model, args.work, args.lr, rng, args.init)
    if args.freeze_bn:
        for m in model.modules():
            if isinstance(m, torch.nn.BatchNorm2d):
                m.eval()
    widths = [int(w) for w in args.widths.split(',')]
    teachers = [inksep_from_onnx(path, widths) for path in args.teacher.split(',')] if args.teacher else []
    if teachers:
        print(f'teachers: {args.teacher} (weight {args.teacher_weight})', flush=True)
    started = time.time()
    losses = []
    while step < args.steps and (time.time() - started) < args.minutes * 60:
        lr = set_cosine_lr(opt, args.lr, step, args.steps)
        samples = []
        for _ in range(args.batch):
            pick = rng.random()
            if pick < args.real_share or not (train_synth or train_photo):
                page = rng.choices(train_real, weights=real_weights)[0]
            elif train_photo and (pick < args.real_share + args.photo_share or not train_synth):
                page = rng.choice(train_photo)
            else:
                page = rng.choice(train_synth)
            fade_ink = args.fade_ink if page.source == 'synth' else 0.0
            samples.append(sample_crop(page, rng, args.scale_jitter, args.blur, args.fade, donors, args.transplant, args.bleed, fade_ink))
        batch = torch.from_numpy(np.stack([s['input'] for s in samples]))
        coeffs = model(batch)
        loss = sum(sample_loss(coeffs[i], s) for i, s in enumerate(samples)) / len(samples)
        if teachers:
            with torch.no_grad():
                taught = sum(t(batch) for t in teachers) / len(teachers)
            loss = loss + args.teacher_weight * sum(distillation_loss(coeffs[i], taught[i], s) for i, s in enumerate(samples)) / len(samples)
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
            real = [f for src, f in scores.values() if src == 'real']
            synth = [f for src, f in scores.values() if src == 'synth']
            photo = [f for src, f in scores.values() if src == 'photo']
            fm_real = float(np.mean(real)) if real else 0.0
            faded = [f for src, f in evaluate(ema, [p for p in val if p.source == 'real'], 0.4).values()]
            fm_photo = float(np.mean(photo)) if photo else 0.0
            print(f'val step {step}: real FM {fm_real:.2f} ({len(real)} pages), generated FM {np.mean(synth) if synth else 0:.2f} ({len(synth)}), '
                  f'generated photos FM {fm_photo:.2f} ({len(photo)}), real faded to 0.4 FM {np.mean(faded) if faded else 0:.2f}', flush=True)
            fm_synth = float(np.mean(synth)) if synth else 0.0
            score = fm_real + args.generated_weight * fm_synth + args.photo_weight * fm_photo
            if score > best:
                best = score
                torch.save(ema.state_dict(), os.path.join(args.work, 'best.pt'))
                print('  per page: ' + ', '.join(f'{k} {f:.1f}' for k, (src, f) in scores.items() if src == 'real'), flush=True)
            save_checkpoint(args.work, model, ema, opt, step, best, rng)
    if step < args.steps:
        # A model cut short by the clock is not the recipe's: keep the checkpoint, export nothing.
        print(f'stopped at step {step} of {args.steps} after {args.minutes:g} minutes; run again to resume', flush=True)
        return
    best_path = os.path.join(args.work, 'best.pt')
    if os.path.exists(best_path):
        ema.load_state_dict(torch.load(best_path))
    export_onnx(ema, args.out)
    print(f'exported {args.out} (best val score {best:.2f}, step {step})', flush=True)


if __name__ == '__main__':
    main()
