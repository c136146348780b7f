"""What the small models' training loops share: the weights' running average (what is validated and
exported) and a resumable checkpoint of model, average, optimiser, step, best score and random state."""
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
