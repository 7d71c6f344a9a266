"""MaskablePPO (sb3-contrib) learns two-seat Mala Suerte against the heuristic bot, through gymnasium.make.

pip install torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu && pip install -e '.[learn]'
python examples/maskable_ppo.py
"""

import os
import sys

import gymnasium

import cardrules.gymnasium  # noqa: F401 - registers cardrules/<game>-v1

try:
    from sb3_contrib import MaskablePPO
except ImportError:
    print("SKIPPED: this example needs sb3-contrib and torch (see its docstring)", file=sys.stderr)
    sys.exit(0)

env = gymnasium.make("cardrules/mala_suerte-v1", opponents="heuristic", players=2)
model = MaskablePPO("MlpPolicy", env, n_steps=256 if os.environ.get("CARDRULES_SMALL") else 2048, seed=1)
model.learn(total_timesteps=512 if os.environ.get("CARDRULES_SMALL") else 100_000)
observation, info = env.reset(seed=7)
terminated = False
while not terminated:
    action, _ = model.predict(observation, action_masks=info["action_mask"].astype(bool), deterministic=True)
    observation, reward, terminated, truncated, info = env.step(action)
print(f"the trained policy {'won' if float(reward) > 0 else 'lost'} a match against the heuristic bot")
