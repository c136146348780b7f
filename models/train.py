"""Trains the ink-class model on pairs from models/prepare.ts and exports models/inkseg.onnx.

  /usr/bin/python3 models/train.py --train models/.cache/prep/train --val models/.cache/prep/val
  --smoke: a few iterations on a handful of pages (checks the whole path in well under 2 minutes)
Resumable: the checkpoint (models/.cache/<run>/ckpt.pt) holds model, optimiser, step and RNG states.
"""
import argparse
import json
import os
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from inkseg.data import CropSampler, full_page_input, load_pages, set_focus_weight  # noqa: E402
from inkseg.net import NUM_CLASSES, InkSeg, export_onnx, param_count  # noqa: E402

CLASS_NAMES = ['paper', 'printed', 'formLine', 'handwriting', 'stamp', 'noise']
HERE = os.path.dirname(os.path.abspath(__file__))


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument('--train', default=os.path.join(HERE, '.cache/prep/train'), help='prepared folder(s), comma-separated')
    p.add_argument('--val', default=os.path.join(HERE, '.cache/prep/val'))
    p.add_argument('--run', default=os.path.join(HERE, '.cache/run'))
    p.add_argument('--out', default=os.path.join(HERE, 'inkseg.onnx'))
    p.add_argument('--iters', type=int, default=14000)
    p.add_argument('--batch', type=int, default=8)
    p.add_argument('--crop', type=int, default=256)
    p.add_argument('--lr', type=float, default=3e-3)
    p.add_argument('--threads', type=int, default=2)
    p.add_argument('--seed', type=int, default=1)
    p.add_argument('--focus-weight', type=float, default=3.0, help='loss weight of handwriting and stamp cells')
    p.add_argument('--upside-down', type=float, default=0.0, help='share of training crops turned by 180° (0: none, as inkseg-v17)')
    p.add_argument('--widths', default='16,32,64,128,192')
    p.add_argument('--stem', default='dense', choices=['dense', 'sep'])
    p.add_argument('--out-stride', type=int, default=2, choices=[2, 4], help='model pixels per output cell (the prepared targets must match)')
    p.add_argument('--ckpt-every', type=int, default=100)
    p.add_argument('--val-every', type=int, default=2500)
    p.add_argument('--fresh', action='store_true', help='ignore an existing checkpoint')
    p.add_argument('--init', default='', help="a run's ckpt.pt whose weights start this run (fine-tuning; a fresh optimiser and schedule), or inkseg/fromOnnx.py's rebuild of an exported model")
    p.add_argument('--freeze-bn', action='store_true', help='BatchNorm in eval mode while training (needed from a fromOnnx.py start)')
    p.add_argument('--smoke', action='store_true')
    p.add_argument('--export-only', action='store_true')
    a = p.parse_args()
    if a.smoke:
        a.iters, a.batch, a.crop, a.ckpt_every, a.val_every = 12, 4, 128, 5, 12
        a.run = a.run + '-smoke'
        a.fresh = True
        a.out = os.path.join(a.run, 'inkseg-smoke.onnx')
    return a


FREEZE_BN = False


def training_mode(model):
    """model.train(), with every BatchNorm kept in eval mode under --freeze-bn (their running
    statistics fixed, their scale and shift still learned): a start rebuilt from an ONNX file by
    inkseg/fromOnnx.py holds folded weights that batch statistics would undo."""
    model.train()
    if FREEZE_BN:
        for m in model.modules():
            if isinstance(m, torch.nn.BatchNorm2d):
                m.eval()


@torch.no_grad()
def evaluate(model, pages, stride):
    """Per-class IoU over ink cells (weighted like the loss) and weighted accuracy, at full-page input."""
    model.eval()
    inter = np.zeros(NUM_CLASSES)
    union = np.zeros(NUM_CLASSES)
    correct = total = 0.0
    for page in pages:
        logits = model(torch.from_numpy(full_page_input(page)))
        h, w = page.cls.shape
        # As src/core/classes/model decides: paper where the input holds no ink, else the best ink class.
        pred = logits[0, 1:, :h, :w].argmax(0).numpy() + 1
        inked = F.max_pool2d(torch.from_numpy(full_page_input(page))[:, 3:4], stride)[0, 0, :h, :w].numpy() > 0
        pred[~inked] = 0
        ink = page.ink  # only cells with solid ink count
        m = ink > 0
        gt = page.cls
        for c in range(1, NUM_CLASSES):
            inter[c] += (ink * ((pred == c) & (gt == c) & m)).sum()
            union[c] += (ink * (((pred == c) | (gt == c)) & m)).sum()
        correct += (ink * ((pred == gt) & m)).sum()
        total += (ink * m).sum()
    training_mode(model)
    iou = {CLASS_NAMES[c]: round(float(inter[c] / union[c]), 4) if union[c] > 0 else None for c in range(1, NUM_CLASSES)}
    return {'inkAccuracy': round(float(correct / max(total, 1e-9)), 4), 'iou': iou}


def main():
    a = parse_args()
    global FREEZE_BN
    FREEZE_BN = a.freeze_bn
    torch.set_num_threads(a.threads)
    set_focus_weight(a.focus_weight)
    torch.manual_seed(a.seed)
    np.random.seed(a.seed)
    os.makedirs(a.run, exist_ok=True)
    widths = tuple(int(v) for v in a.widths.split(','))
    # Channels-last runs the convolutions ~25% faster on this CPU (0.16 vs 0.22 s per batch), with the
    # same determinism; the longer schedule is paid for by that speed-up.
    model = InkSeg(widths, a.stem, a.out_stride).to(memory_format=torch.channels_last)
    print(f'train: InkSeg widths={widths} stem={a.stem} out_stride={a.out_stride} params={param_count(model)} threads={a.threads}', flush=True)
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=a.lr, total_steps=a.iters, pct_start=0.1)
    ckpt_path = os.path.join(a.run, 'ckpt.pt')
    step = 0
    elapsed = 0.0
    limit = 6 if a.smoke else None
    # Several folders (comma-separated): the generated pages and the real pages with ink classes.
    train_pages = [page for folder in a.train.split(',') for page in load_pages(folder, limit)]
    val_pages = load_pages(a.val, 4 if a.smoke else None) if os.path.isdir(a.val) else []
    print(f'train: {len(train_pages)} train pages, {len(val_pages)} val pages', flush=True)
    for pages in (train_pages, val_pages):
        if pages and pages[0].stride != a.out_stride:
            sys.exit(f'train: the pairs were prepared at output stride {pages[0].stride}, the model answers at {a.out_stride}')
    sampler = CropSampler(train_pages, size=a.crop, seed=a.seed, upside_down=a.upside_down)
    if os.path.exists(ckpt_path) and not a.fresh:
        ck = torch.load(ckpt_path)
        same = ck['widths'] == list(widths) and ck.get('stem', 'dense') == a.stem and ck.get('outStride', 4) == a.out_stride
        if same and ck['iters'] == a.iters and ck.get('focus') == a.focus_weight:
            model.load_state_dict(ck['model'])
            opt.load_state_dict(ck['opt'])
            sched.load_state_dict(ck['sched'])
            sampler.rng.bit_generator.state = ck['rng']
            torch.set_rng_state(ck['torch_rng'])
            step, elapsed = ck['step'], ck['elapsed']
            print(f'train: resumed at step {step} ({elapsed / 60:.1f} min so far)', flush=True)
        else:
            print('train: checkpoint is for another configuration, starting fresh', flush=True)
    if step == 0 and a.init:
        start = torch.load(a.init)
        if start['widths'] != list(widths) or start.get('stem', 'dense') != a.stem or start.get('outStride', 4) != a.out_stride:
            sys.exit(f'train: {a.init} is another network')
        model.load_state_dict(start['model'])
        print(f"train: starting from the weights of {a.init} (its step {start['step']})", flush=True)

    def save():
        torch.save({'model': model.state_dict(), 'opt': opt.state_dict(), 'sched': sched.state_dict(),
                    'rng': sampler.rng.bit_generator.state, 'torch_rng': torch.get_rng_state(),
                    'step': step, 'elapsed': elapsed, 'widths': list(widths), 'stem': a.stem, 'outStride': a.out_stride,
                    'iters': a.iters, 'focus': a.focus_weight}, ckpt_path + '.tmp')
        os.replace(ckpt_path + '.tmp', ckpt_path)

    training_mode(model)
    t0 = time.time()
    running = []
    while step < a.iters and not a.export_only:
        x, y, w = sampler.batch(a.batch)
        logits = model(torch.from_numpy(x).to(memory_format=torch.channels_last))
        loss_map = F.cross_entropy(logits, torch.from_numpy(y), reduction='none')
        wt = torch.from_numpy(w)
        loss = (loss_map * wt).sum() / wt.sum().clamp_min(1e-6)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        sched.step()
        step += 1
        running.append(loss.item())
        now = time.time()
        elapsed += now - t0
        t0 = now
        if step % 25 == 0 or step == a.iters:
            print(f'step {step}/{a.iters} loss {np.mean(running):.4f} lr {sched.get_last_lr()[0]:.2e} '
                  f'{elapsed / step:.2f} s/step, {elapsed / 60:.1f} min', flush=True)
            running = []
        if step % a.ckpt_every == 0 or step == a.iters:
            save()
        if val_pages and (step % a.val_every == 0 or step == a.iters):
            print('val', json.dumps(evaluate(model, val_pages, a.out_stride)), flush=True)
            t0 = time.time()
    metrics = evaluate(model, val_pages, a.out_stride) if val_pages else {}
    export_onnx(model.to(memory_format=torch.contiguous_format), a.out)
    size = os.path.getsize(a.out)
    summary = {'params': param_count(model), 'widths': list(widths), 'stem': a.stem, 'outStride': a.out_stride, 'onnxBytes': size, 'steps': step,
               'batch': a.batch, 'crop': a.crop, 'trainMinutes': round(elapsed / 60, 1), 'trainPages': len(train_pages),
               'valPages': len(val_pages), 'seed': a.seed, 'upsideDown': a.upside_down, 'focusWeight': a.focus_weight, 'init': a.init or None, 'lr': a.lr, 'val': metrics}
    with open(os.path.join(a.run, 'summary.json'), 'w') as f:
        json.dump(summary, f, indent=2)
    print('train: exported', a.out, json.dumps(summary), flush=True)


if __name__ == '__main__':
    main()
