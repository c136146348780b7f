"""What the small models' training loops share: the weights' running average (what is validated and
exported), a resumable checkpoint of model, average, optimiser, step, best score and random state,
optional starting weights, and the cosine learning-rate schedule."""
import copy
import math
import os

import torch


@torch.no_grad()
def update_average(average, model, decay):
    for a, m in zip(average.state_dict().values(), model.state_dict().values()):
        if a.dtype.is_floating_point:
            a.mul_(decay).add_(m.detach(), alpha=1 - decay)
        else:
            a.copy_(m)


def checkpoint_path(work):
    return os.path.join(work, 'last.pt')


def resume(work, model, average, opt, rng):
    """(step, best) from the work folder's checkpoint, loading the rest into the given objects; (0, -1.0) when there is none."""
    path = checkpoint_path(work)
    if not os.path.exists(path):
        return 0, -1.0
    state = torch.load(path)
    model.load_state_dict(state['model'])
    average.load_state_dict(state['ema'])
    opt.load_state_dict(state['opt'])
    rng.setstate(state['rng'])
    return state['step'], state['best']


def save_checkpoint(work, model, average, opt, step, best, rng):
    torch.save({'model': model.state_dict(), 'ema': average.state_dict(), 'opt': opt.state_dict(), 'step': step, 'best': best, 'rng': rng.getstate()}, checkpoint_path(work))


def start_training(model, work, lr, rng, init=''):
    """(average, optimiser, step, best) for `model`: from `init`'s weights when given (an earlier run's
    best.pt), then from the work folder's checkpoint when there is one."""
    if init:
        model.load_state_dict(torch.load(init))
        print(f'starting from {init}', flush=True)
    average = copy.deepcopy(model)
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=1e-4)
    step, best = resume(work, model, average, opt, rng)
    if step:
        print(f'resumed at step {step} (best val score {best:.4f})', flush=True)
    return average, opt, step, best


def set_cosine_lr(opt, base, step, steps):
    """The learning rate at `step` of a cosine decay from `base` to 0 over `steps`; returns it."""
    lr = base * 0.5 * (1 + math.cos(math.pi * step / steps))
    for g in opt.param_groups:
        g['lr'] = lr
    return lr
